// What user-admin contributes to the app (core/module-manifest.ts, decision 090).
import { type ModuleManifest, OWN_ACT } from '../../core/module-manifest.ts';
import { userAdminRoutes } from './user-admin.routes.ts';
import { impersonationRoutes } from './impersonation.routes.ts';
import { userManagerRoutes } from './user-manager.routes.ts';

export const userAdminManifest: ModuleManifest = {
  name: 'user-admin',
  routes: [userAdminRoutes, impersonationRoutes, userManagerRoutes],
  policy: {
    // teachers: students of their own groups; admins: everyone but superadmins (the service checks)
    'POST /api/users/:id/block': { access: 'teacher', objects: 'managed-user', ...OWN_ACT },
    'POST /api/users/:id/unlock': { access: 'teacher', objects: 'managed-user', ...OWN_ACT },
    'DELETE /api/users/:id/totp': { access: 'teacher', objects: 'managed-user', ...OWN_ACT },
    'POST /api/users/impersonate/:id': { access: 'superadmin', objects: 'managed-user' },
    // the impersonated session itself ends the impersonation, whatever that user's role
    'DELETE /api/users/impersonate': { access: 'student', objects: 'self' },
    // user manager (spec 2.6): teachers see and change students of their own groups, admins everyone but
    // superadmins; creating users is for admins, giving roles or groups too (the service checks)
    'GET /api/v2/users': { access: 'teacher', objects: 'managed-user' },
    'GET /api/v2/users/:id': { access: 'teacher', objects: 'managed-user' },
    'POST /api/v2/users': { access: 'admin', objects: 'school' },
    'PUT /api/v2/users/:id': { access: 'teacher', objects: 'managed-user' },
    // an account's password set by the manager (user-search password-reset): a managed user's only
    'POST /api/v2/accounts': { access: 'teacher', objects: 'managed-user' },
    // display names of users by id (chat, messages, logs); a bounded list, the caller's school only
    'POST /api/nameinfo': { access: 'student', objects: 'school' },
  },
  auditActions: [
    'totp.reset',
    'user.block',
    'user.unblock',
    'user.unlock',
    'impersonation.start',
    'impersonation.stop',
    'impersonation.expired',
    'impersonation.write',
    'user.create',
    'user.update',
    'user.password_set',
  ],
};
