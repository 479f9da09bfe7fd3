import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema, ImpersonateRequestSchema, SessionResultSchema } from '@aula/contracts';
import { contextOf } from '../../context.ts';
import { answerWithSession } from '../auth/session-cookies.ts';
import { startImpersonation, stopImpersonation } from './impersonation.service.ts';

export const impersonationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/users/impersonate/:id',
    {
      schema: {
        tags: ['users'],
        summary:
          'Start impersonating a user of the school (superadmins, password within 5 minutes, at most 30 minutes); sets the session cookies',
        params: z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        body: ImpersonateRequestSchema,
        response: {
          200: SessionResultSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
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
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    async (req, reply) => answerWithSession(reply, await stopImpersonation(contextOf(req))),
  );
};
