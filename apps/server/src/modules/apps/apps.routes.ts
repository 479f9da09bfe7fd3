import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppIdParamsSchema, BubbleSchema, ErrorBodySchema } from '@aula/contracts';
import { getBubble, getBubbleDownload } from './apps.service.ts';

export const appsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/apps/:id',
    {
      schema: {
        tags: ['apps'],
        summary: 'One bubble the caller may see',
        params: AppIdParamsSchema,
        response: { 200: BubbleSchema, 404: ErrorBodySchema },
      },
    },
    (req) => getBubble(req, req.params.id),
  );

  app.get(
    '/apps/:id/download',
    {
      schema: {
        tags: ['apps'],
        summary: 'The file of a download bubble, as an attachment',
        params: AppIdParamsSchema,
        response: { 200: z.any().describe('the file, as an attachment'), 404: ErrorBodySchema },
      },
    },
    async (req, reply) => {
      const file = await getBubbleDownload(req, req.params.id);
      return reply
        .type(file.mime)
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`)
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(file.data);
    },
  );
};
