import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema, UserInfoSchema } from '@aula/contracts';
import { AppError } from '../../lib/app-error.ts';
import { getUserInfo } from './users.service.ts';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/self',
    {
      schema: {
        tags: ['users'],
        summary: 'The signed-in user',
        response: { 200: UserInfoSchema, 401: ErrorBodySchema },
      },
    },
    async (req) => {
      if (!req.user) throw AppError.unauthorized();
      return getUserInfo(req.server.db, req.user.id);
    },
  );
};
