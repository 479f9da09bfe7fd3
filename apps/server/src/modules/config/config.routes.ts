import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ConfigKeyRequestSchema, ConfigMapSchema, ErrorBodySchema } from '@aula/contracts';
import { getConfigValues } from './config.service.ts';

export const configRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/config/key',
    {
      schema: {
        tags: ['config'],
        summary: 'Values of the public configuration keys of spec 3.5',
        body: ConfigKeyRequestSchema,
        response: { 200: ConfigMapSchema, 400: ErrorBodySchema },
      },
    },
    (req) => getConfigValues(req.server.db, req.schoolId, req.body),
  );
};
