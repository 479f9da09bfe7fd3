// What account contributes to the app (core/module-manifest.ts, decision 090).
import { type ModuleManifest, OWN_ACT } from '../../core/module-manifest.ts';
import { permsRoutes } from './perms.routes.ts';
import { accountRoutes } from './account.routes.ts';

export const accountManifest: ModuleManifest = {
  name: 'account',
  routes: [permsRoutes, accountRoutes],
  policy: {
    // reset codes: anyone may ask; the answer never tells a known account from an unknown one
    'POST /api/v2/account/reset-code': { access: 'public', objects: 'school' },
    'POST /api/v2/account/reset-code/check': { access: 'public', objects: 'school' },
    'POST /api/v2/account/reset-code/reset': { access: 'public', objects: 'school' },
    'POST /api/v2/password_changes': { access: 'student', objects: 'self', ...OWN_ACT },
    'PUT /api/self/secondary-email': { access: 'student', objects: 'self', ...OWN_ACT },
    'POST /api/self/site-policy': { access: 'student', objects: 'self' },
    // the caller's own permissions plus the school's feature list
    'GET /api/perms': { access: 'student', objects: 'school' },
  },
  secretPurposes: ['reset-code'],
  auditActions: [
    'password.change',
    'password.reset_requested',
    'password.reset',
    'password.reset_failed',
    'email.change',
    'site_policy.accept',
  ],
};
