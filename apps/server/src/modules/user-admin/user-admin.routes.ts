import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BlockRequestSchema, BlockResultSchema, IdParamsSchema, OkResultSchema } from '@aula/contracts';
import { contextOf } from '../../context.ts';
import { resetUserTotp, setBlocked, unlockUser } from './user-admin.service.ts';
import { errorResponses } from '../../lib/route-schemas.ts';

const errors = errorResponses(400, 401, 403, 404);

// Teachers manage students of their own groups, admins everyone but superadmins (the service checks).
export const userAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/users/:id/block',
    {
      schema: {
        tags: ['users'],
        summary: 'Block or unblock a user; blocking ends all their sessions at once',
        params: IdParamsSchema,
        body: BlockRequestSchema,
        response: { 200: BlockResultSchema, ...errors },
      },
    },
    (req) => setBlocked(contextOf(req), req.params.id, req.body.blocked),
  );

  app.post(
    '/users/:id/unlock',
    {
      schema: {
        tags: ['users'],
        summary: 'Lift the sign-in lock a user got after too many failed attempts',
        params: IdParamsSchema,
        response: { 200: OkResultSchema, ...errors },
      },
    },
    (req) => unlockUser(contextOf(req), req.params.id),
  );

  app.delete(
    '/users/:id/totp',
    {
      schema: {
        tags: ['users'],
        summary: "Reset a user's two-factor sign-in (lost phone); ends all their sessions",
        params: IdParamsSchema,
        response: { 200: OkResultSchema, ...errors },
      },
    },
    (req) => resetUserTotp(contextOf(req), req.params.id),
  );
};
