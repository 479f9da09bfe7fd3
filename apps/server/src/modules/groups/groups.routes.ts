import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateGroupRequestSchema,
  GroupDetailSchema,
  GroupListSchema,
  GroupParamsSchema,
  GroupSchema,
  GroupsQuerySchema,
} from '@aula/contracts';
import { contextOf } from '../../context.ts';
import { createGroup, getGroup, getGroups } from './groups.service.ts';
import { errorResponses } from '../../lib/route-schemas.ts';

const errors = errorResponses(400, 401, 403);

export const groupsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/groups',
    {
      schema: {
        tags: ['groups'],
        summary: "The school's groups, optionally of one type or one account",
        querystring: GroupsQuerySchema,
        response: { 200: GroupListSchema, ...errorResponses(401, 403) },
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
        response: { 200: GroupDetailSchema, ...errorResponses(404), ...errors },
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
        response: { 201: GroupSchema, ...errorResponses(422), ...errors },
      },
    },
    async (req, reply) => reply.code(201).send(await createGroup(contextOf(req), req.body)),
  );
};
