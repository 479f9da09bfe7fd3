// What apps contributes to the app (core/module-manifest.ts, decision 090).
import type { ModuleManifest } from '../../core/module-manifest.ts';

// The routes are wired in modules/manifests.ts: they take layout's rule for a tile about to be deleted.
export const appsManifest: ModuleManifest = {
  name: 'apps',
  policy: {
    'GET /api/apps/types': { access: 'student', objects: 'school' },
    'POST /api/apps': { access: 'student', objects: 'school' },
    'GET /api/apps/:id': { access: 'public', objects: 'visible-tile' },
    // edit, delete and translate: the creator and the school's admins (the service checks)
    'PUT /api/apps/:id': { access: 'student', objects: 'visible-tile' },
    'DELETE /api/apps/:id': { access: 'student', objects: 'visible-tile' },
    'POST /api/apps/:id/translation': { access: 'student', objects: 'visible-tile' },
    'GET /api/apps/:id/icon': { access: 'public', objects: 'visible-tile' },
    'GET /api/apps/:id/download': { access: 'public', objects: 'visible-tile' },
  },
  auditActions: ['app.create', 'app.update', 'app.delete'],
};
