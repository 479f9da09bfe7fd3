import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PushTestResponseSchema, PushTokenBodySchema, PushTokenDeleteSchema } from '@aula/contracts';
import { contextOf } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { sendTestPush, subscribe, unsubscribe } from './push-subscriptions.service.ts';
import { errorResponses } from '../../lib/route-schemas.ts';

const errors = errorResponses(400, 401, 403, 404, 409);
const noContent = { 204: z.null().describe('done') };
const tags = ['push'];

// spec 7.1 (decision 073): the signed-in user's own devices; a subscription lives as long as its session.
export const pushDeviceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/users/firebase',
    {
      schema: {
        tags,
        summary:
          'Store this browser’s push subscription for the signed-in session (409 push.not_configured, 403 push.impersonating, 400 push.endpoint_refused)',
        body: PushTokenBodySchema,
        response: { ...noContent, ...errors },
      },
    },
    async (req, reply) => {
      await subscribe(contextOf(req), req.server.push, req.body.token);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/users/firebase',
    {
      schema: {
        tags,
        summary:
          'Remove one of the caller’s own push subscriptions by its endpoint (404 when it is not theirs)',
        body: PushTokenDeleteSchema,
        response: { ...noContent, ...errors },
      },
    },
    async (req, reply) => {
      const ctx = contextOf(req);
      // as at subscribe: someone acting as the user may not change the user's devices
      if (ctx.session?.impersonatorId) throw new AppError(403, 'push.impersonating');
      await unsubscribe(ctx, req.body.token.endpoint);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/users/firebase/test',
    {
      schema: {
        tags,
        summary:
          'Send a test push to each of the caller’s devices now, quiet hours or not (409 push.no_devices)',
        response: { 202: PushTestResponseSchema, ...errors },
      },
    },
    async (req, reply) => reply.code(202).send(await sendTestPush(contextOf(req), req.server.push)),
  );
};
