// What events contributes to the app (core/module-manifest.ts, decision 090).
import type { ModuleManifest } from '../../core/module-manifest.ts';
import { eventsRoutes } from './events.routes.ts';
import { eventsCleanupJob } from './events.jobs.ts';

export const eventsManifest: ModuleManifest = {
  name: 'events',
  routes: [eventsRoutes],
  policy: {
    // the live event stream (decision 071): only the caller's own events and their school's
    'GET /api/events': { access: 'student', objects: 'self' },
  },
  jobs: [eventsCleanupJob],
  notPersonalTables: {
    events:
      'the live stream’s deliveries (decision 071): short-lived copies of what other tables hold (chat and admin messages are exported there), addressed by user id, deleted after ten minutes',
  },
};
