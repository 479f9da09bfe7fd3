// What push contributes to the app (core/module-manifest.ts, decision 090).
import type { ModuleManifest } from '../../core/module-manifest.ts';
import { pushRoutes } from './push.routes.ts';
import { pushLogCleanupJob } from './push-status.service.ts';
import { pushEventHandlers } from './push.events.ts';
import { pushDiagnostics } from './push.contributors.ts';

export const pushManifest: ModuleManifest = {
  name: 'push',
  routes: [pushRoutes],
  policy: {
    // push (decision 073): the browser's part for everyone signed in, the contact and status for admins, the key
    // pair for superadmins; devices are the caller's own
    'GET /api/config/firebase': { access: 'student', objects: 'school' },
    'POST /api/config/firebase': { access: 'admin', objects: 'school' },
    'GET /api/config/firebase-backend': { access: 'admin', objects: 'school' },
    'POST /api/config/firebase-backend': { access: 'superadmin', objects: 'school' },
    'POST /api/users/firebase': { access: 'student', objects: 'self' },
    'DELETE /api/users/firebase': { access: 'student', objects: 'self' },
    'POST /api/users/firebase/test': { access: 'student', objects: 'self' },
    // the caller's own kinds and quiet hours
    'GET /api/users/firebase/settings': { access: 'student', objects: 'self' },
    'PUT /api/users/firebase/settings': { access: 'student', objects: 'self' },
  },
  jobs: [pushLogCleanupJob],
  eventHandlers: pushEventHandlers,
  diagnostics: [pushDiagnostics],
  notPersonalTables: {
    push_keys: "the school's VAPID key pair and push contact (decision 073), without a user",
    push_log: 'push delivery outcomes counted per school and kind (decision 073), without a user or payload',
  },
  secretPurposes: ['push-vapid'],
};
