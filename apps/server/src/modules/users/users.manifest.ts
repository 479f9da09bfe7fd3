// What users contributes to the app (core/module-manifest.ts, decision 090).
import type { ModuleManifest } from '../../core/module-manifest.ts';
import { usersRoutes } from './users.routes.ts';

export const usersManifest: ModuleManifest = {
  name: 'users',
  routes: [usersRoutes],
  policy: {
    'GET /api/self': { access: 'student', objects: 'self' },
    'PATCH /api/self/settings': { access: 'student', objects: 'self' },
  },
};
