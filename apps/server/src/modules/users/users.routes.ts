import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AccountSettingsSchema, UserInfoSchema } from '@aula/contracts';
import { AppError } from '../../lib/app-error.ts';
import { getUserInfo, updateAccountSettings } from './users.service.ts';
import { errorResponses } from '../../lib/route-schemas.ts';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/self',
    {
      schema: {
        tags: ['users'],
        summary: 'The signed-in user',
        response: { 200: UserInfoSchema, ...errorResponses(401) },
      },
    },
    async (req) => {
      if (!req.user) throw AppError.unauthorized();
      return getUserInfo(req.server.db, req.user.id, req.session ?? undefined);
    },
  );

  app.patch(
    '/self/settings',
    {
      schema: {
        tags: ['users'],
        summary:
          'Account settings (spec 7.1): any subset of theme, language and UI preferences; preferences merge key by key. Returns the user info',
        body: AccountSettingsSchema,
        response: { 200: UserInfoSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => {
      if (!req.user) throw AppError.unauthorized();
      return updateAccountSettings(req.server.db, req.schoolId, req.user.id, req.body);
    },
  );
};
