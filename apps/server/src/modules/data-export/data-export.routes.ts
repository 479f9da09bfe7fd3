import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DataExportSchema, ErrorBodySchema } from '@aula/contracts';
import { contextOf } from '../../context.ts';
import { exportOwnData } from './data-export.service.ts';

export const dataExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/data',
    {
      schema: {
        tags: ['users'],
        summary:
          "The caller's own data as a JSON download: every row linked to them, their files, secrets redacted",
        response: { 200: DataExportSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (req, reply) => {
      const { fileName, data } = await exportOwnData(contextOf(req));
      reply.header('content-disposition', `attachment; filename="${fileName}"`);
      return data;
    },
  );
};
