// What messages contributes to the app (core/module-manifest.ts, decision 090).
import { type ModuleManifest, OWN_ACT } from '../../core/module-manifest.ts';
import { messagesRoutes } from './messages.routes.ts';

export const messagesManifest: ModuleManifest = {
  name: 'messages',
  routes: [messagesRoutes],
  policy: {
    // admin messages (spec 7.3): the caller's unseen ones; the rest is the messages tab of the dashboard
    'GET /api/messages/admin': { access: 'student', objects: 'self' },
    'POST /api/messages/admin/:id/seen': { access: 'student', objects: 'self', ...OWN_ACT },
    'GET /api/messages/admin/all': { access: 'admin', objects: 'school' },
    'GET /api/messages/admin/:id': { access: 'admin', objects: 'school' },
    'POST /api/messages/admin': { access: 'admin', objects: 'school', ...OWN_ACT },
    'PUT /api/messages/admin/:id': { access: 'admin', objects: 'school', ...OWN_ACT },
    'DELETE /api/messages/admin/:id': { access: 'admin', objects: 'school', ...OWN_ACT },
  },
  notPersonalTables: {
    admin_message_groups: "which of the school's groups a message is for",
  },
  auditActions: ['message.create', 'message.update', 'message.delete'],
};
