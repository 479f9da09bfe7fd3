import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminMessageDetailSchema,
  AdminMessageInputSchema,
  AdminMessageListQuerySchema,
  AdminMessageListSchema,
  AdminMessagePageSchema,
  IdParamsSchema,
  OkResultSchema,
} from '@aula/contracts';
import { contextOf } from '../../context.ts';
import {
  createMessage,
  editMessage,
  getMessage,
  markMessageSeen,
  messagePage,
  removeMessage,
  unseenMessages,
} from './messages.service.ts';
import { errorResponses } from '../../lib/route-schemas.ts';

const errors = errorResponses(400, 401, 403, 404, 422);

// spec 7.3: users read their unseen messages and mark them seen; admins write them (dashboard messages tab)
export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/messages/admin',
    {
      schema: {
        tags: ['messages'],
        summary: "The caller's unseen admin messages that are on now, for their groups or the whole school",
        response: { 200: AdminMessageListSchema, ...errors },
      },
    },
    (req) => unseenMessages(contextOf(req)),
  );

  app.post(
    '/messages/admin/:id/seen',
    {
      schema: {
        tags: ['messages'],
        summary: 'Mark a message seen (idempotent); one the caller cannot see is 404',
        params: IdParamsSchema,
        response: { 200: OkResultSchema, ...errors },
      },
    },
    (req) => markMessageSeen(contextOf(req), req.params.id),
  );

  app.get(
    '/messages/admin/all',
    {
      schema: {
        tags: ['messages'],
        summary: 'Every message of the school, newest first, with groups and how many have seen it (admins)',
        querystring: AdminMessageListQuerySchema,
        response: { 200: AdminMessagePageSchema, ...errors },
      },
    },
    (req) => messagePage(contextOf(req), req.query.page, req.query.perPage),
  );

  app.get(
    '/messages/admin/:id',
    {
      schema: {
        tags: ['messages'],
        summary: 'One message of the school with its groups (admins; the editor)',
        params: IdParamsSchema,
        response: { 200: AdminMessageDetailSchema, ...errors },
      },
    },
    (req) => getMessage(contextOf(req), req.params.id),
  );

  app.post(
    '/messages/admin',
    {
      schema: {
        tags: ['messages'],
        summary: 'Post a message (admins): type, texts per language (German required), groups, start and end',
        body: AdminMessageInputSchema,
        response: { 201: AdminMessageDetailSchema, ...errors },
      },
    },
    async (req, reply) => reply.code(201).send(await createMessage(contextOf(req), req.body)),
  );

  app.put(
    '/messages/admin/:id',
    {
      schema: {
        tags: ['messages'],
        summary: 'Change a message (admins)',
        params: IdParamsSchema,
        body: AdminMessageInputSchema,
        response: { 200: AdminMessageDetailSchema, ...errors },
      },
    },
    (req) => editMessage(contextOf(req), req.params.id, req.body),
  );

  app.delete(
    '/messages/admin/:id',
    {
      schema: {
        tags: ['messages'],
        summary: 'Delete a message (admins)',
        params: IdParamsSchema,
        response: { 200: OkResultSchema, ...errors },
      },
    },
    (req) => removeMessage(contextOf(req), req.params.id),
  );
};
