import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BlockRequestSchema, BlockResultSchema, ErrorBodySchema, OkResultSchema } from '@aula/contracts';
import { contextOf } from '../../context.ts';
import { resetUserTotp, setBlocked, unlockUser } from './user-admin.service.ts';

const UserIdParamsSchema = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

// Teachers manage students of their own groups, admins everyone but superadmins (the service checks).
export const userAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/users/:id/block',
    {
      schema: {
        tags: ['users'],
        summary: 'Block or unblock a user; blocking ends all their sessions at once',
        params: UserIdParamsSchema,
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
        params: UserIdParamsSchema,
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
        params: UserIdParamsSchema,
        response: { 200: OkResultSchema, ...errors },
      },
    },
    (req) => resetUserTotp(contextOf(req), req.params.id),
  );
};
