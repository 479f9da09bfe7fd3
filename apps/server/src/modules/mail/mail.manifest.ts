// What mail contributes to the app (core/module-manifest.ts, decision 090).
import type { ModuleManifest } from '../../core/module-manifest.ts';
import { mailRoutes } from './mail.routes.ts';

export const mailManifest: ModuleManifest = {
  name: 'mail',
  routes: [mailRoutes],
  policy: {
    'GET /api/mail/outbox': { access: 'admin', objects: 'school' },
  },
};
