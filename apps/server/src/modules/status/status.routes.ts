import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthSchema } from '@aula/contracts';
import { checkHealth } from './status.service.ts';

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
};
