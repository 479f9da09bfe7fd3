// What totp contributes to the app (core/module-manifest.ts, decision 090).
import { type ModuleManifest, OWN_ACT } from '../../core/module-manifest.ts';
import { totpRoutes } from './totp.routes.ts';

export const totpManifest: ModuleManifest = {
  name: 'totp',
  routes: [totpRoutes],
  policy: {
    'GET /api/totp/code': { access: 'student', objects: 'self', ...OWN_ACT },
    'POST /api/totp/code/verify': { access: 'student', objects: 'self', ...OWN_ACT },
    'DELETE /api/totp/code': { access: 'student', objects: 'self', ...OWN_ACT },
  },
  secretPurposes: ['totp-seal'],
  auditActions: ['totp.enable', 'totp.disable'],
};
