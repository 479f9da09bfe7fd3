// What cim contributes to the app (core/module-manifest.ts, decision 090).
import type { ModuleManifest } from '../../core/module-manifest.ts';
import { cimRoutes } from './cim.routes.ts';

export const cimManifest: ModuleManifest = {
  name: 'cim',
  routes: [cimRoutes],
  policy: {
    // identity import (the cim tab): superadmins only, spec 2.3
    'POST /api/cim/import': { access: 'superadmin', objects: 'school' },
  },
  auditActions: ['cim.import'],
};
