// What status contributes to the app (core/module-manifest.ts, decision 090).
import type { ModuleManifest } from '../../core/module-manifest.ts';
import { statusRoutes } from './status.routes.ts';
import { diagnosticsRoutes } from './diagnostics.routes.ts';

export const statusManifest: ModuleManifest = {
  name: 'status',
  routes: [statusRoutes, diagnosticsRoutes],
  policy: {
    'GET /api/health': { access: 'public', objects: 'none' },
    // the online ping every 15 s of every open tab (spec 3.6): the session, nothing more (decision 052)
    'POST /api/users/alive': { access: 'student', objects: 'self', sessionOnly: true },
    'GET /api/users/online': { access: 'student', objects: 'school' },
    'POST /api/statistics': { access: 'student', objects: 'school' },
    // diagnostics (dashboard tabs status, statistics, logs, debug): aggregated, admins only
    'GET /api/status': { access: 'admin', objects: 'school' },
    'GET /api/statistics': { access: 'admin', objects: 'school' },
    'GET /api/logs': { access: 'admin', objects: 'school' },
    'GET /api/logs/full': { access: 'admin', objects: 'school' },
    'GET /api/errors': { access: 'admin', objects: 'school' },
  },
  notPersonalTables: {
    device_days: 'device statistics without a user id',
    error_log: 'server errors by route and class, without a user or request data',
  },
};
