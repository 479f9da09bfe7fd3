import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AccountPasswordSchema,
  IdParamsSchema,
  ManagedUserSchema,
  NameInfoRequestSchema,
  NameInfoSchema,
  OkResultSchema,
  UserCreateSchema,
  UserListSchema,
  UserSearchQuerySchema,
  UserUpdateSchema,
} from '@aula/contracts';
import { contextOf } from '../../context.ts';
import {
  createUser,
  getManagedUser,
  nameInfo,
  searchUsers,
  setAccountPassword,
  updateUser,
} from './user-manager.service.ts';
import { errorResponses } from '../../lib/route-schemas.ts';

const errors = errorResponses(400, 401, 403, 404, 422);

// spec 2.6 user manager: teachers manage students of their own groups, admins everyone but superadmins
export const userManagerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v2/users',
    {
      schema: {
        tags: ['users'],
        summary: 'Search users by name, group, role and status (teachers: the students of their own groups)',
        querystring: UserSearchQuerySchema,
        response: { 200: UserListSchema, ...errors },
      },
    },
    (req) => searchUsers(contextOf(req), req.query),
  );

  app.get(
    '/v2/users/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'One user the caller may manage',
        params: IdParamsSchema,
        response: { 200: ManagedUserSchema, ...errors },
      },
    },
    (req) => getManagedUser(contextOf(req), req.params.id),
  );

  app.post(
    '/v2/users',
    {
      schema: {
        tags: ['users'],
        summary: 'Create a user (admins); giving the admin role needs a superadmin. 422 for a taken username',
        body: UserCreateSchema,
        response: { 201: ManagedUserSchema, ...errors },
      },
    },
    async (req, reply) => reply.code(201).send(await createUser(contextOf(req), req.body)),
  );

  app.put(
    '/v2/users/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'Change a user: teachers names and e-mail of their students, admins everything',
        params: IdParamsSchema,
        body: UserUpdateSchema,
        response: { 200: ManagedUserSchema, ...errors },
      },
    },
    (req) => updateUser(contextOf(req), req.params.id, req.body),
  );

  app.post(
    '/v2/accounts',
    {
      schema: {
        tags: ['users'],
        summary:
          "Set a managed user's password (user-search password-reset); checked against the password rules, ends their sessions",
        body: AccountPasswordSchema,
        response: { 200: OkResultSchema, ...errors },
      },
    },
    (req) => setAccountPassword(contextOf(req), req.body),
  );

  app.post(
    '/nameinfo',
    {
      schema: {
        tags: ['users'],
        summary:
          'Display names for user ids of the school: staff get everyone, others the people of their groups, rooms and chats (at most 200 ids; the others are left out like unknown ids)',
        body: NameInfoRequestSchema,
        response: { 200: NameInfoSchema, ...errors },
      },
    },
    (req) => nameInfo(contextOf(req), req.body.ids),
  );
};
