import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema, GroupListSchema, GroupsQuerySchema } from '@aula/contracts';
import { getGroups } from './groups.service.ts';

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
    (req) => getGroups(req, req.query),
  );
};
