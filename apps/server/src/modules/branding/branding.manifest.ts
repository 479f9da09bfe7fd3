// What branding contributes to the app (core/module-manifest.ts, decision 090).
import type { ModuleManifest } from '../../core/module-manifest.ts';
import { brandingRoutes } from './branding.routes.ts';

export const brandingManifest: ModuleManifest = {
  name: 'branding',
  routes: [brandingRoutes],
  policy: {
    // branding: banner, login background and logo are shown to visitors too
    'GET /api/config/banner': { access: 'public', objects: 'school' },
    'POST /api/config/banner': { access: 'admin', objects: 'school' },
    'GET /api/config/login-bg': { access: 'public', objects: 'school' },
    'POST /api/config/login-bg': { access: 'admin', objects: 'school' },
    'GET /api/config/logo': { access: 'public', objects: 'school' },
    'GET /api/config/logo/image': { access: 'public', objects: 'school' },
    'GET /api/config/login-bg/image': { access: 'public', objects: 'school' },
    'POST /api/config/logo': { access: 'admin', objects: 'school' },
  },
  auditActions: ['branding.change'],
};
