import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema, ImpersonateRequestSchema, SessionResultSchema } from '@aula/contracts';
import { contextOf } from '../../context.ts';
import { answerWithSession } from '../auth/session-cookies.ts';
import { startImpersonation, stopImpersonation } from './impersonation.service.ts';
import { errorResponses } from '../../lib/route-schemas.ts';

export const impersonationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/users/impersonate/:id',
    {
      schema: {
        tags: ['users'],
        summary:
          'Start impersonating a user of the school (superadmins, password within 5 minutes, at most 30 minutes); sets the session cookies',
        params: IdParamsSchema,
        body: ImpersonateRequestSchema,
        response: {
          200: SessionResultSchema,
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (req, reply) =>
      answerWithSession(reply, await startImpersonation(contextOf(req), req.params.id, req.body)),
  );

  app.delete(
    '/users/impersonate',
    {
      schema: {
        tags: ['users'],
        summary: "Stop impersonating: returns to the superadmin's own session with fresh cookies",
        response: {
          200: SessionResultSchema,
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (req, reply) => answerWithSession(reply, await stopImpersonation(contextOf(req))),
  );
};
