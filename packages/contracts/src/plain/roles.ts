// Zod-free: the web app's start path imports this (decision 049). A schema belongs in ../roles.ts.

// spec 6: roles are cumulative; every role but logged_out needs a valid session
export const ROLES = ['superadmin', 'admin', 'teacher', 'student', 'cim', 'logged_out'] as const;
export type Role = (typeof ROLES)[number];

/** Roles stored on a user; teacher and student follow from `type` (spec 3.3: type L means teacher). */
export const STORED_ROLES = ['superadmin', 'admin'] as const;
export type StoredRole = (typeof STORED_ROLES)[number];

/** spec 3.3: type L is a teacher, S a student. */
export const USER_TYPES = ['L', 'S'] as const;
export type UserType = (typeof USER_TYPES)[number];

export interface RoleSubject {
  roles: readonly string[];
  type: string;
}

/** The one role check, used by the server guard and the UI alike (spec 6). */
export function hasRole(user: RoleSubject | null | undefined, role: Role): boolean {
  if (role === 'logged_out') return true;
  if (!user) return false;
  const superadmin = user.roles.includes('superadmin');
  switch (role) {
    case 'superadmin':
    case 'cim':
      return superadmin;
    case 'admin':
      return superadmin || user.roles.includes('admin');
    case 'teacher':
      return user.type === 'L' || superadmin || user.roles.includes('admin');
    case 'student':
      return true;
  }
}

/** The highest role a user holds, for display and for the policy test. */
export function highestRole(user: RoleSubject | null | undefined): Role {
  for (const role of ['superadmin', 'admin', 'teacher', 'student'] as const) {
    if (hasRole(user, role)) return role;
  }
  return 'logged_out';
}
