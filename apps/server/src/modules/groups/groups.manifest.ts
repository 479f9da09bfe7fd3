// What groups contributes to the app (core/module-manifest.ts, decision 090).
import type { ModuleManifest } from '../../core/module-manifest.ts';
import { groupsRoutes } from './groups.routes.ts';
import { roleGroupsRoutes } from './role-groups.routes.ts';

export const groupsManifest: ModuleManifest = {
  name: 'groups',
  routes: [groupsRoutes, roleGroupsRoutes],
  policy: {
    'GET /api/groups': { access: 'student', objects: 'school' },
    'GET /api/groups/:group': { access: 'teacher', objects: 'school' },
    'POST /api/groups': { access: 'admin', objects: 'school' },
    'GET /api/config/roleGroups': { access: 'admin', objects: 'school' },
    'POST /api/config/roleGroups': { access: 'admin', objects: 'school' },
  },
  notPersonalTables: {
    groups: "the school's groups; the user's memberships are in group_members",
  },
  auditActions: ['group.create', 'role_groups.change'],
};
