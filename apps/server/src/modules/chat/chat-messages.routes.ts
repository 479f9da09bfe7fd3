import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ChatEditSchema,
  ChatHistorySchema,
  ChatMessageParamSchema,
  ChatMessagePageSchema,
  ChatMessageRefSchema,
  ChatMessageSchema,
  ChatMessagesQuerySchema,
  ChatReportSchema,
  ChatRoomParamSchema,
  ChatSeenSchema,
  ChatSendSchema,
  IdParamSchema,
  MAX_CHAT_MESSAGE,
  MAX_CHAT_UPLOAD_BYTES,
} from '@aula/contracts';
import { contextOf } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { sendFile } from '../files/file-reply.ts';
import { readUploadForm } from '../files/upload-form.ts';
import {
  chatFile,
  deleteChatMessage,
  dismissChatReports,
  editChatMessage,
  listMessages,
  markChatSeen,
  messageHistory,
  reportChatMessage,
  sendMessage,
  uploadMessage,
} from './chat-messages.service.ts';
import { errorResponses } from '../../lib/route-schemas.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 422);
const noContent = { 204: z.null().describe('done') };
const tags = ['chat'];

const UPLOAD_FIELDS =
  'multipart/form-data: `file` (JPEG, PNG, WebP or GIF — re-encoded without metadata —, PDF, Word, Excel, ' +
  'PowerPoint or OpenDocument, by content; at most 10 MB), `clientId` and an optional `body`. 403 ' +
  'chat.uploads_off / announcements_only / not_member, 413 upload.too_large / quota_exceeded, 415 ' +
  'upload.invalid_type, 507 chat.upload_failed when the file store refuses the file (503 only while the ' +
  'database is away, as on every route).';

// Messages of a room (decisions 070, 072); registered by chatRoutes, so they share its 404 for a school
// without the chat.
export const chatMessageRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: {
      fileSize: MAX_CHAT_UPLOAD_BYTES,
      files: 1,
      fields: 4,
      parts: 6,
      fieldSize: MAX_CHAT_MESSAGE * 4,
    },
    throwFileSizeLimit: false,
  });

  app.post(
    '/matrix/message/delete',
    {
      schema: {
        tags,
        summary:
          'Delete a message: one’s own, or any for the room’s moderators (audited); it stays as “deleted” without text, file or history',
        body: ChatMessageRefSchema,
        response: { ...noContent, ...errors },
      },
    },
    async (req, reply) => {
      await deleteChatMessage(contextOf(req), req.body.roomId, req.body.messageId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/matrix/file/:messageId',
    {
      schema: {
        tags,
        summary:
          'A message’s file, to the members of its room only, with its exact type, nosniff and a sandbox policy',
        params: z.strictObject({ messageId: IdParamSchema }),
        response: {
          200: { description: 'the file', content: { 'application/octet-stream': { schema: z.any() } } },
          ...errors,
        },
      },
    },
    async (req, reply) => {
      const file = await chatFile(contextOf(req), req.params.messageId);
      return sendFile(reply, file, { disposition: file.inline ? 'inline' : 'attachment', name: file.name });
    },
  );

  app.get(
    '/matrix/:roomId/messages',
    {
      schema: {
        tags,
        summary: 'A page of messages, newest first; pass nextBefore as before for the older page',
        params: ChatRoomParamSchema,
        querystring: ChatMessagesQuerySchema,
        response: { 200: ChatMessagePageSchema, ...errors },
      },
    },
    (req) => listMessages(contextOf(req), req.params.roomId, req.query),
  );

  app.post(
    '/matrix/:roomId/messages',
    {
      schema: {
        tags,
        summary:
          'Send a message: 201 new, 200 the earlier one for a retry with the same clientId; 403 chat.announcements_only / chat.blocked',
        params: ChatRoomParamSchema,
        body: ChatSendSchema,
        response: { 200: ChatMessageSchema, 201: ChatMessageSchema, ...errors },
      },
    },
    async (req, reply) => {
      const { message, created } = await sendMessage(contextOf(req), req.params.roomId, req.body);
      return reply.code(created ? 201 : 200).send(message);
    },
  );

  app.post(
    '/matrix/:roomId/upload',
    {
      schema: {
        tags,
        summary: 'Send a file with an optional text (upload)',
        description: UPLOAD_FIELDS,
        consumes: ['multipart/form-data'],
        params: ChatRoomParamSchema,
        response: {
          200: ChatMessageSchema,
          201: ChatMessageSchema,
          ...errors,
          ...errorResponses(413, 415, 507),
        },
      },
    },
    async (req, reply) => {
      const ctx = contextOf(req);
      const form = await readUploadForm(req, { field: 'file', limit: MAX_CHAT_UPLOAD_BYTES });
      if (!form) throw new AppError(415, 'common.unsupported_media_type');
      const { message, created } = await uploadMessage(ctx, req.params.roomId, {
        fields: form.fields,
        file: form.file,
        fileName: form.fileName ?? '',
      });
      return reply.code(created ? 201 : 200).send(message);
    },
  );

  app.put(
    '/matrix/:roomId/messages/:messageId',
    {
      schema: {
        tags,
        summary:
          'Edit one’s own message; the earlier text is kept for the history (403 chat.not_own_message)',
        params: ChatMessageParamSchema,
        body: ChatEditSchema,
        response: { 200: ChatMessageSchema, ...errors },
      },
    },
    (req) => editChatMessage(contextOf(req), req.params.roomId, req.params.messageId, req.body.body),
  );

  app.get(
    '/matrix/:roomId/messages/:messageId/history',
    {
      schema: {
        tags,
        summary: 'Every version of a message, oldest first (history-msg)',
        params: ChatMessageParamSchema,
        response: { 200: ChatHistorySchema, ...errors },
      },
    },
    (req) => messageHistory(contextOf(req), req.params.roomId, req.params.messageId),
  );

  app.post(
    '/matrix/:roomId/seen',
    {
      schema: {
        tags,
        summary: 'The newest message the caller has seen (moves forward only)',
        params: ChatRoomParamSchema,
        body: ChatSeenSchema,
        response: { ...noContent, ...errors },
      },
    },
    async (req, reply) => {
      await markChatSeen(contextOf(req), req.params.roomId, req.body.messageId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/matrix/:roomId/messages/:messageId/report',
    {
      schema: {
        tags,
        summary: 'Report a message to the room’s owner and moderators (audited; once per member)',
        params: ChatMessageParamSchema,
        body: ChatReportSchema,
        response: { ...noContent, ...errors },
      },
    },
    async (req, reply) => {
      await reportChatMessage(contextOf(req), req.params.roomId, req.params.messageId, req.body.reason);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/matrix/:roomId/messages/:messageId/report/dismiss',
    {
      schema: {
        tags,
        summary: 'Close a message’s open reports (the room’s moderators; audited)',
        params: ChatMessageParamSchema,
        response: { ...noContent, ...errors },
      },
    },
    async (req, reply) => {
      await dismissChatReports(contextOf(req), req.params.roomId, req.params.messageId);
      return reply.code(204).send(null);
    },
  );
};
