import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BbbSettingsUpdateSchema,
  BbbSettingsViewSchema,
  BbbTestInputSchema,
  BbbTestResultSchema,
  IdParamsSchema,
  PublicRoomSchema,
  RoomDetailsSchema,
  RoomInputSchema,
  RoomJoinQuerySchema,
  RoomJoinSchema,
  RoomListQuerySchema,
  RoomListSchema,
  RoomPatchSchema,
  RoomPeopleQuerySchema,
  RoomPeopleSchema,
  RoomRefParamSchema,
} from '@aula/contracts';
import { contextOf } from '../../context.ts';
import { getRoom, joinRoom } from './bbb-join.service.ts';
import { getBbbSettings, setBbbSettings, testBbbConnection } from './bbb-settings.service.ts';
import { changeRoom, createRoom, findPeople, listRooms, removeRoom } from './bbb.service.ts';
import { errorResponses } from '../../lib/route-schemas.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 422);

// spec 1, 2.2, 3.6, 4.6, 7.3, 8; decision 067. The room routes answer 404 while the school has switched
// `bbb` off; the server settings stay reachable for admins, so a school can set up before switching on.
export const bbbRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/bbb',
    {
      schema: {
        tags: ['bbb'],
        summary:
          'The caller’s own rooms and the rooms shared with them (as a person or through a group), by name; admins with showAll every room',
        querystring: RoomListQuerySchema,
        response: { 200: RoomListSchema, ...errors },
      },
    },
    (req) => listRooms(contextOf(req), req.query),
  );

  app.post(
    '/bbb',
    {
      schema: {
        tags: ['bbb'],
        summary:
          'Create a room (create-room): the caller owns and moderates it. 403 bbb.create_not_allowed without the room permission, 422 bbb.unknown_person for someone the caller may not add, 422 bbb.guests_need_teacher for guests in a pupil’s room',
        body: RoomInputSchema,
        response: { 201: RoomDetailsSchema, ...errors },
      },
    },
    async (req, reply) => reply.code(201).send(await createRoom(contextOf(req), req.body)),
  );

  app.get(
    '/bbb/people',
    {
      schema: {
        tags: ['bbb'],
        summary:
          'Whom the caller may add to a room: teachers their groups’ pupils and all staff, admins everyone, pupils who may create rooms the people of their groups; groups: a teacher’s own, an admin’s any',
        querystring: RoomPeopleQuerySchema,
        response: { 200: RoomPeopleSchema, ...errors },
      },
    },
    (req) => findPeople(contextOf(req), req.query),
  );

  app.get(
    '/bbb/:id',
    {
      schema: {
        tags: ['bbb'],
        summary:
          'A room by number (room-details, members and admins; 404 for anyone else) or by code (the room page /b/{code}, no login needed; 429 after too many unknown codes from one address)',
        params: RoomRefParamSchema,
        response: { 200: z.union([RoomDetailsSchema, PublicRoomSchema]), ...errors },
      },
    },
    (req) => getRoom(contextOf(req), req.params.id),
  );

  app.patch(
    '/bbb/:id',
    {
      schema: {
        tags: ['bbb'],
        summary:
          'Change a room: the owner and admins anything, its other moderators only revokeCode (a new code); 403 bbb.not_room_owner otherwise, 403 bbb.create_not_allowed for a pupil owner once pupils may not create rooms, 422 bbb.guests_need_teacher for guests in a pupil’s room',
        params: IdParamsSchema,
        body: RoomPatchSchema,
        response: { 200: RoomDetailsSchema, ...errors },
      },
    },
    (req) => changeRoom(contextOf(req), req.params.id, req.body),
  );

  app.delete(
    '/bbb/:id',
    {
      schema: {
        tags: ['bbb'],
        summary: 'Delete a room (the owner and admins); a running meeting is ended',
        params: IdParamsSchema,
        response: { 204: z.null().describe('deleted'), ...errors },
      },
    },
    async (req, reply) => {
      await removeRoom(contextOf(req), req.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/bbb/:id/join',
    {
      schema: {
        tags: ['bbb'],
        summary:
          'Join a room by number (members) or code (members, and guests where the room admits them): the signed BBB address, or waiting until a moderator starts the meeting. Needs the x-aula-csrf header (it may start the meeting). Never 418: 403 bbb.not_member / guests_not_allowed / auth.not_while_impersonating, 422 bbb.guest_name_required, 409 bbb.max_users / no_server, 504 bbb.server_error',
        params: RoomRefParamSchema,
        querystring: RoomJoinQuerySchema,
        response: { 200: RoomJoinSchema, ...errors, ...errorResponses(504) },
      },
    },
    (req) => joinRoom(contextOf(req), req.params.id, req.query.name || undefined),
  );

  app.get(
    '/config/bbb',
    {
      schema: {
        tags: ['bbb'],
        summary: 'The school’s BigBlueButton server (admins); the shared secret only as "set"',
        response: { 200: BbbSettingsViewSchema, ...errors },
      },
    },
    (req) => getBbbSettings(contextOf(req)),
  );

  app.put(
    '/config/bbb',
    {
      schema: {
        tags: ['bbb'],
        summary:
          'Change the BigBlueButton server (admins): an empty secret keeps the stored one, null settings remove the server',
        body: BbbSettingsUpdateSchema,
        response: { 200: BbbSettingsViewSchema, ...errors },
      },
    },
    (req) => setBbbSettings(contextOf(req), req.body),
  );

  app.post(
    '/config/bbb/test',
    {
      schema: {
        tags: ['bbb'],
        summary:
          'Test the connection (admins) with the settings given or stored: ok, or the one problem (not_configured, blocked_address, unreachable, timeout, not_bbb, wrong_secret, server_error)',
        body: BbbTestInputSchema,
        response: { 200: BbbTestResultSchema, ...errors },
      },
    },
    (req) => testBbbConnection(contextOf(req), req.body),
  );
};
