import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ChatAddUsersSchema,
  ChatConfigSchema,
  ChatLoginResponseSchema,
  ChatLoginSchema,
  ChatPeopleQuerySchema,
  ChatPeopleSchema,
  ChatPrivateRoomInputSchema,
  ChatRemoveUsersSchema,
  ChatRoomConfigSchema,
  ChatRoomDetailsSchema,
  ChatRoomInputSchema,
  ChatRoomListSchema,
  ChatRoomParamSchema,
  ChatRoomPatchSchema,
  ChatRoomRefSchema,
} from '@aula/contracts';
import { contextOf } from '../../context.ts';
import { chatMessageRoutes } from './chat-messages.routes.ts';
import { chatLogin, getChatConfig } from './chat-config.service.ts';
import {
  addChatMembers,
  changeChatRoom,
  createChatRoom,
  deleteChatRoom,
  findChatPeople,
  getChatRoom,
  getChatRoomConfig,
  listChatRooms,
  openPrivateRoom,
  removeChatMembers,
  setChatRoomConfig,
} from './chat.service.ts';
import { errorResponses } from '../../lib/route-schemas.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 422);
const noContent = { 204: z.null().describe('done') };
const tags = ['chat'];

// spec 1, 2.5, 3.6, 7.3; decisions 070, 072. Every route answers 404 while the school has switched `chat` off.
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  // messages, seen markers, reports and files (multipart uploads) in their own scope
  await app.register(chatMessageRoutes);

  app.get(
    '/matrix/config',
    {
      schema: {
        tags,
        summary:
          'What the chat page needs first: seen indicator, retention, upload limits and types, whether the caller may create rooms and start private chats',
        response: { 200: ChatConfigSchema, ...errors },
      },
    },
    (req) => getChatConfig(contextOf(req)),
  );

  app.post(
    '/matrix/login',
    {
      schema: {
        tags,
        summary: 'Register the tab’s 9-character device id (spec 3.6)',
        body: ChatLoginSchema,
        response: { 200: ChatLoginResponseSchema, ...errors },
      },
    },
    (req) => chatLogin(contextOf(req), req.body.deviceId),
  );

  app.get(
    '/matrix/rooms',
    {
      schema: {
        tags,
        summary: 'The caller’s rooms, newest conversation first, with unread counts and the last message',
        response: { 200: ChatRoomListSchema, ...errors },
      },
    },
    (req) => listChatRooms(contextOf(req)),
  );

  app.post(
    '/matrix/room',
    {
      schema: {
        tags,
        summary:
          'Create a group room (teachers and admins; 403 chat.create_not_allowed otherwise): the caller owns and moderates it; 422 chat.unknown_person for someone out of reach',
        body: ChatRoomInputSchema,
        response: { 201: ChatRoomDetailsSchema, ...errors },
      },
    },
    async (req, reply) => reply.code(201).send(await createChatRoom(contextOf(req), req.body)),
  );

  app.post(
    '/matrix/privateroom',
    {
      schema: {
        tags,
        summary:
          'The private room with a person, made if missing (decision 072 says with whom); 403 chat.private_not_allowed',
        body: ChatPrivateRoomInputSchema,
        response: { 200: ChatRoomDetailsSchema, ...errors },
      },
    },
    (req) => openPrivateRoom(contextOf(req), req.body.userId),
  );

  app.post(
    '/matrix/room/addUsers',
    {
      schema: {
        tags,
        summary: 'Add people and groups (the room’s moderators, within their reach)',
        body: ChatAddUsersSchema,
        response: { 200: ChatRoomDetailsSchema, ...errors },
      },
    },
    (req) => addChatMembers(contextOf(req), req.body),
  );

  app.post(
    '/matrix/room/removeUsers',
    {
      schema: {
        tags,
        summary:
          'Remove people and groups (the room’s moderators; not the owner). 204 when the caller is no longer a member',
        body: ChatRemoveUsersSchema,
        response: { 200: ChatRoomDetailsSchema, ...noContent, ...errors },
      },
    },
    async (req, reply) => {
      const room = await removeChatMembers(contextOf(req), req.body);
      return room ? room : reply.code(204).send(null);
    },
  );

  app.post(
    '/matrix/room/delete',
    {
      schema: {
        tags,
        summary: 'Delete a group room with its messages and files (the room’s moderators)',
        body: ChatRoomRefSchema,
        response: { ...noContent, ...errors },
      },
    },
    async (req, reply) => {
      await deleteChatRoom(contextOf(req), req.body.roomId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/matrix/people',
    {
      schema: {
        tags,
        summary:
          'Whom the caller may start a private chat with (for=private) or add to a room (for=room: teachers and admins, with groups)',
        querystring: ChatPeopleQuerySchema,
        response: { 200: ChatPeopleSchema, ...errors },
      },
    },
    (req) => findChatPeople(contextOf(req), req.query),
  );

  app.get(
    '/matrix/:roomId',
    {
      schema: {
        tags,
        summary:
          'The room with its members, groups and seen markers (empty when the school hides them); 403 chat.not_member',
        params: ChatRoomParamSchema,
        response: { 200: ChatRoomDetailsSchema, ...errors },
      },
    },
    (req) => getChatRoom(contextOf(req), req.params.roomId),
  );

  app.patch(
    '/matrix/:roomId',
    {
      schema: {
        tags,
        summary: 'Rename, promote or revoke a moderator (the room’s moderators; 403 chat.not_moderator)',
        params: ChatRoomParamSchema,
        body: ChatRoomPatchSchema,
        response: { 200: ChatRoomDetailsSchema, ...errors },
      },
    },
    (req) => changeChatRoom(contextOf(req), req.params.roomId, req.body),
  );

  app.get(
    '/matrix/:roomId/config',
    {
      schema: {
        tags,
        summary: 'The room’s config: announcements, uploads',
        params: ChatRoomParamSchema,
        response: { 200: ChatRoomConfigSchema, ...errors },
      },
    },
    (req) => getChatRoomConfig(contextOf(req), req.params.roomId),
  );

  app.post(
    '/matrix/:roomId/config',
    {
      schema: {
        tags,
        summary: 'Change the room’s config (the room’s moderators)',
        params: ChatRoomParamSchema,
        body: ChatRoomConfigSchema,
        response: { 200: ChatRoomConfigSchema, ...errors },
      },
    },
    (req) => setChatRoomConfig(contextOf(req), req.params.roomId, req.body),
  );
};
