// What chat contributes to the app (core/module-manifest.ts, decision 090).
import { type ModuleManifest, OWN_ACT, NOT_AN_ACT } from '../../core/module-manifest.ts';
import { chatRoutes } from './chat.routes.ts';
import { chatRetentionJob } from './chat.jobs.ts';
import { chatEventHandlers } from './chat.events.ts';
import { chatExportContributor } from './chat.contributors.ts';

export const chatManifest: ModuleManifest = {
  name: 'chat',
  routes: [chatRoutes],
  policy: {
    // the chat (decisions 070, 072): everyone signed in; the service decides by membership and reach
    'GET /api/matrix/config': { access: 'student', objects: 'self', feature: 'chat' },
    'POST /api/matrix/login': { access: 'student', objects: 'self', feature: 'chat', ...NOT_AN_ACT },
    'GET /api/matrix/rooms': { access: 'student', objects: 'chat-room', feature: 'chat' },
    'POST /api/matrix/room': { access: 'teacher', objects: 'chat-room', feature: 'chat', ...OWN_ACT },
    'POST /api/matrix/privateroom': { access: 'student', objects: 'chat-room', feature: 'chat', ...OWN_ACT },
    'POST /api/matrix/room/addUsers': {
      access: 'student',
      objects: 'chat-room',
      feature: 'chat',
      ...OWN_ACT,
    },
    'POST /api/matrix/room/removeUsers': {
      access: 'student',
      objects: 'chat-room',
      feature: 'chat',
      ...OWN_ACT,
    },
    'POST /api/matrix/room/delete': { access: 'student', objects: 'chat-room', feature: 'chat', ...OWN_ACT },
    'POST /api/matrix/message/delete': {
      access: 'student',
      objects: 'chat-room',
      feature: 'chat',
      ...OWN_ACT,
    },
    'GET /api/matrix/people': { access: 'student', objects: 'school', feature: 'chat' },
    'GET /api/matrix/file/:messageId': { access: 'student', objects: 'chat-room', feature: 'chat' },
    'GET /api/matrix/:roomId': { access: 'student', objects: 'chat-room', feature: 'chat' },
    'PATCH /api/matrix/:roomId': { access: 'student', objects: 'chat-room', feature: 'chat', ...OWN_ACT },
    'GET /api/matrix/:roomId/config': { access: 'student', objects: 'chat-room', feature: 'chat' },
    'POST /api/matrix/:roomId/config': {
      access: 'student',
      objects: 'chat-room',
      feature: 'chat',
      ...OWN_ACT,
    },
    'GET /api/matrix/:roomId/messages': { access: 'student', objects: 'chat-room', feature: 'chat' },
    'POST /api/matrix/:roomId/messages': {
      access: 'student',
      objects: 'chat-room',
      feature: 'chat',
      ...OWN_ACT,
    },
    'POST /api/matrix/:roomId/upload': {
      access: 'student',
      objects: 'chat-room',
      feature: 'chat',
      ...OWN_ACT,
    },
    'PUT /api/matrix/:roomId/messages/:messageId': {
      access: 'student',
      objects: 'chat-room',
      feature: 'chat',
      ...OWN_ACT,
    },
    'GET /api/matrix/:roomId/messages/:messageId/history': {
      access: 'student',
      objects: 'chat-room',
      feature: 'chat',
    },
    'POST /api/matrix/:roomId/seen': { access: 'student', objects: 'chat-room', feature: 'chat', ...OWN_ACT },
    'POST /api/matrix/:roomId/messages/:messageId/report': {
      access: 'student',
      objects: 'chat-room',
      feature: 'chat',
      ...OWN_ACT,
    },
    'POST /api/matrix/:roomId/messages/:messageId/report/dismiss': {
      access: 'student',
      objects: 'chat-room',
      feature: 'chat',
      ...OWN_ACT,
    },
  },
  jobs: [chatRetentionJob],
  eventHandlers: chatEventHandlers,
  exportContributors: [chatExportContributor],
  auditActions: [
    'chat.room_create',
    'chat.room_update',
    'chat.room_delete',
    'chat.members_change',
    'chat.moderator_change',
    'chat.message_delete',
    'chat.report',
    'chat.report_dismiss',
    'chat.retention_delete',
  ],
};
