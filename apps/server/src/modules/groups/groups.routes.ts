import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateGroupRequestSchema,
  ErrorBodySchema,
  GroupDetailSchema,
  GroupListSchema,
  GroupParamsSchema,
  GroupSchema,
  GroupsQuerySchema,
} from '@aula/contracts';
import { contextOf } from '../../context.ts';
import { createGroup, getGroup, getGroups } from './groups.service.ts';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };

export const groupsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/groups',
    {
      schema: {
        tags: ['groups'],
        summary: "The school's groups, optionally of one type or one account",
        querystring: GroupsQuerySchema,
        response: { 200: GroupListSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    (req) => getGroups(contextOf(req), req.query),
  );

  app.get(
    '/groups/:group',
    {
      schema: {
        tags: ['groups'],
        summary: 'One group with its members (teachers: groups they belong to; admins: any)',
        params: GroupParamsSchema,
        response: { 200: GroupDetailSchema, 404: ErrorBodySchema, ...errors },
      },
    },
    (req) => getGroup(contextOf(req), req.params.group),
  );

  app.post(
    '/groups',
    {
      schema: {
        tags: ['groups'],
        summary: 'Create a group (admins); names are unique per school',
        body: CreateGroupRequestSchema,
        response: { 201: GroupSchema, 422: ErrorBodySchema, ...errors },
      },
    },
    async (req, reply) => reply.code(201).send(await createGroup(contextOf(req), req.body)),
  );
};
