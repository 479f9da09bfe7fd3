// What layout contributes to the app (core/module-manifest.ts, decision 090).
import type { ModuleManifest } from '../../core/module-manifest.ts';
import { layoutRoutes } from './layout.routes.ts';

export const layoutManifest: ModuleManifest = {
  name: 'layout',
  routes: [layoutRoutes],
  policy: {
    'GET /api/layout': { access: 'public', objects: 'visible-tile' },
    // personal: the caller's own; logged-in and logged-out: admins only (the service checks)
    'POST /api/layout': { access: 'student', objects: 'school' },
    'DELETE /api/layout': { access: 'student', objects: 'self' },
    'PATCH /api/layout/:id/new': { access: 'student', objects: 'visible-tile' },
  },
  notPersonalTables: {
    app_open_days: 'tile opens counted per tile and day, without a user id',
  },
  auditActions: ['layout.save'],
};
