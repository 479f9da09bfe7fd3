// What auth contributes to the app (core/module-manifest.ts, decision 090).
import { type ModuleManifest, OWN_ACT } from '../../core/module-manifest.ts';
import { authRoutes } from './auth.routes.ts';

export const authManifest: ModuleManifest = {
  name: 'auth',
  routes: [authRoutes],
  policy: {
    'POST /api/login': { access: 'public', objects: 'school' },
    'POST /api/login/refresh': { access: 'public', objects: 'self' },
    'POST /api/login/reauth': { access: 'student', objects: 'self', ...OWN_ACT },
  },
  notPersonalTables: {
    login_challenges_spent:
      'signatures of solved sign-in challenges (replay protection, decision 074), without a user or an address',
    used_refresh_tokens: 'only hashes of rotated-away tokens of the sessions listed',
  },
  secretPurposes: ['login-challenge', 'login-challenge-key', 'login-device'],
  auditActions: [
    'login.success',
    'login.failed',
    'login.blocked',
    'logout',
    'session.refresh_reuse',
    'session.idle_timeout',
    'login.locked',
    'login.throttled',
    'login.totp_failed',
    'login.reauth',
  ],
};
