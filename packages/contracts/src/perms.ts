import { z } from './zod.ts';
import { hasRole, type RoleSubject } from './roles.ts';
import { FEATURE_NAMES } from './plain/perms.ts';

export * from './plain/perms.ts';

/**
 * spec 3.6, 6: the permissions object. The spec names the levels (app creation, banner editing,
 * sick notices, room creation) but not the rules; ours are in docs/decisions/018-permissions.md.
 */
export const APP_CREATION_LEVELS = ['none', 'private', 'groups', 'everyone'] as const;
export const SICK_NOTICE_LEVELS = ['own', 'groups', 'all'] as const;

export const PermissionsSchema = z.object({
  /** Who a new tile may be shown to: private (personal layout only), own groups, or everyone. */
  createApps: z.enum(APP_CREATION_LEVELS),
  editBanner: z.boolean(),
  /** Whose sick notices the user sees: their own, their groups' students', or the whole school's. */
  sickNotices: z.enum(SICK_NOTICE_LEVELS),
  /** Arrange the school's logged-in and logged-out layouts (decision 023: admins). */
  editSchoolLayouts: z.boolean(),
  /** Lock tiles, so they stay on every personal layout (decision 023: admins). */
  lockApps: z.boolean(),
  /** Preview the layout as a group sees it (teachers their own groups, admins any). */
  previewGroups: z.boolean(),
  createRooms: z.boolean(),
  manageUsers: z.boolean(),
  impersonate: z.boolean(),
  dashboard: z.boolean(),
});
export type Permissions = z.infer<typeof PermissionsSchema>;

export const FeatureNameSchema = z.enum(FEATURE_NAMES);

export const PermsResponseSchema = z.object({
  permissions: PermissionsSchema,
  features: z.array(z.object({ name: FeatureNameSchema })),
});
export type PermsResponse = z.infer<typeof PermsResponseSchema>;

/** The one derivation of permissions from roles, used by the server and by the UI's tests. */
/** The wanted permissions a creation level allows (spec 3.1 wantedPerms). */
export function allowedWantedPerms(level: Permissions['createApps']): ('private' | 'groups' | 'everyone')[] {
  switch (level) {
    case 'none':
      return [];
    case 'private':
      return ['private'];
    case 'groups':
      return ['private', 'groups'];
    case 'everyone':
      return ['private', 'groups', 'everyone'];
  }
}

/** The school's settings a permission depends on (decision 067: students_create_rooms). */
export interface PermissionOptions {
  /** pupils may create video rooms too */
  studentsCreateRooms?: boolean;
}

export function permissionsFor(user: RoleSubject, opts: PermissionOptions = {}): Permissions {
  const teacher = hasRole(user, 'teacher');
  const admin = hasRole(user, 'admin');
  return {
    createApps: admin ? 'everyone' : teacher ? 'groups' : 'private',
    editBanner: admin,
    sickNotices: admin ? 'all' : teacher ? 'groups' : 'own',
    editSchoolLayouts: admin,
    lockApps: admin,
    previewGroups: teacher,
    // teachers and admins; pupils only where the school allows it (decision 067)
    createRooms: teacher || opts.studentsCreateRooms === true,
    manageUsers: teacher,
    impersonate: hasRole(user, 'superadmin'),
    dashboard: admin,
  };
}
