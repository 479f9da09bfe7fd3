import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema, LayoutQuerySchema, LayoutResponseSchema } from '@aula/contracts';
import { getLayout } from './layout.service.ts';

export const layoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/layout',
    {
      schema: {
        tags: ['layout'],
        summary: "The caller's layout: logged-out for visitors, personal (or logged-in) when signed in",
        querystring: LayoutQuerySchema,
        response: { 200: LayoutResponseSchema, 401: ErrorBodySchema },
      },
    },
    (req) => getLayout(req, req.query.layoutType),
  );
};
