import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AliveResponseSchema, HealthSchema, OnlineListSchema, StatisticsQuerySchema } from '@aula/contracts';
import { AppError } from '../../lib/app-error.ts';
import { onlineList, recordDevice } from './presence.service.ts';
import { checkHealth } from './status.service.ts';
import { errorResponses } from '../../lib/route-schemas.ts';

export const statusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['status'],
        summary: 'API and database reachability; 503 while the database is down',
        response: { 200: HealthSchema, 503: HealthSchema },
      },
    },
    async (_req, reply) => {
      const health = await checkHealth(app.db);
      if (health.db === 'down') reply.code(503).header('retry-after', '5');
      return health;
    },
  );

  app.post(
    '/users/alive',
    {
      schema: {
        tags: ['status'],
        summary: 'The 15 s online ping: the session check is its only query, last-seen is written in batches',
        response: { 200: AliveResponseSchema, ...errorResponses(401) },
      },
    },
    async (req) => {
      // a session-only route (decision 052): the guard has checked the session, req.user stays null
      if (req.sessionId === null) throw AppError.unauthorized();
      app.presence.seen(req.sessionId);
      return { now: app.clock().getTime() };
    },
  );

  app.get(
    '/users/online',
    {
      schema: {
        tags: ['status'],
        summary: 'Lara ids of users online in the last three ping intervals; send If-None-Match for a 304',
        response: { 200: OnlineListSchema, 304: z.null().describe('unchanged since the ETag sent') },
      },
    },
    async (req, reply) => {
      const { ids, etag } = await onlineList(app.db, req.schoolId, app.clock());
      reply.header('etag', etag);
      if (req.headers['if-none-match'] === etag) return reply.code(304).send(null);
      return { ids };
    },
  );

  app.post(
    '/statistics',
    {
      schema: {
        tags: ['status'],
        summary: 'Counts this device for today (spec 7.4), by role only',
        querystring: StatisticsQuerySchema,
        response: { 204: z.null(), ...errorResponses(400) },
      },
    },
    async (req, reply) => {
      await recordDevice(app.db, req.schoolId, req.user!, req.query.id, app.clock());
      return reply.code(204).send(null);
    },
  );
};
