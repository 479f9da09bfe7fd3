// What data-export contributes to the app (core/module-manifest.ts, decision 090).
import { type ModuleManifest, OWN_ACT } from '../../core/module-manifest.ts';
import { dataExportRoutes } from './data-export.routes.ts';

export const dataExportManifest: ModuleManifest = {
  name: 'data-export',
  routes: [dataExportRoutes],
  policy: {
    'GET /api/users/data': { access: 'student', objects: 'self', ...OWN_ACT },
  },
  auditActions: ['data.export'],
};
