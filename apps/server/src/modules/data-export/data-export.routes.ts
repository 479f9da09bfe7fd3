import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DataExportSchema } from '@aula/contracts';
import { contextOf } from '../../context.ts';
import { exportOwnData } from './data-export.service.ts';
import { errorResponses } from '../../lib/route-schemas.ts';

export const dataExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/data',
    {
      schema: {
        tags: ['users'],
        summary:
          "The caller's own data as a JSON download: every row linked to them, their files, secrets redacted",
        response: { 200: DataExportSchema, ...errorResponses(401, 403) },
      },
    },
    async (req, reply) => {
      const { fileName, data } = await exportOwnData(contextOf(req));
      reply.header('content-disposition', `attachment; filename="${fileName}"`);
      return data;
    },
  );
};
