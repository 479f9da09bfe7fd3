import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PermsResponseSchema } from '@aula/contracts';
import { contextOf } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { getPerms } from './perms.service.ts';

export const permsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/perms',
    {
      schema: {
        tags: ['users'],
        summary: "The signed-in user's permissions and the school's enabled features (spec 3.6, 7.1)",
        response: { 200: PermsResponseSchema, ...errorResponses(401) },
      },
    },
    async (req) => {
      if (!req.user) throw AppError.unauthorized();
      return getPerms(contextOf(req), req.user);
    },
  );
};
