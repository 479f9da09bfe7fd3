// What bbb contributes to the app (core/module-manifest.ts, decision 090).
import { type ModuleManifest, OWN_ACT } from '../../core/module-manifest.ts';
import { bbbRoutes } from './bbb.routes.ts';
import { bbbCodeMissesJob } from './bbb.jobs.ts';
import { bbbDiagnostics } from './bbb.contributors.ts';

export const bbbManifest: ModuleManifest = {
  name: 'bbb',
  routes: [bbbRoutes],
  policy: {
    // video rooms (decision 067): members read and join; the owner and admins change (the service checks who);
    // a room code opens the room page and joins guests without login
    'GET /api/bbb': { access: 'student', objects: 'video-room', feature: 'bbb' },
    'POST /api/bbb': { access: 'student', objects: 'video-room', feature: 'bbb', ...OWN_ACT },
    'GET /api/bbb/people': { access: 'student', objects: 'school', feature: 'bbb' },
    'GET /api/bbb/:id': { access: 'public', objects: 'video-room', feature: 'bbb' },
    'PATCH /api/bbb/:id': { access: 'student', objects: 'video-room', feature: 'bbb', ...OWN_ACT },
    'DELETE /api/bbb/:id': { access: 'student', objects: 'video-room', feature: 'bbb', ...OWN_ACT },
    'GET /api/bbb/:id/join': {
      access: 'public',
      objects: 'video-room',
      feature: 'bbb',
      csrfOnGet: true,
      ...OWN_ACT,
    },
    'GET /api/config/bbb': { access: 'admin', objects: 'school' },
    'PUT /api/config/bbb': { access: 'admin', objects: 'school' },
    'POST /api/config/bbb/test': { access: 'admin', objects: 'school' },
  },
  jobs: [bbbCodeMissesJob],
  diagnostics: [bbbDiagnostics],
  secretPurposes: ['bbb-secret'],
  auditActions: [
    'bbb.room_create',
    'bbb.room_update',
    'bbb.room_delete',
    'bbb.moderator_change',
    'bbb.code_revoke',
    'bbb.guest_join',
  ],
};
