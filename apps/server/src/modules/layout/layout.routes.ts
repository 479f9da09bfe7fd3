import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamsSchema, LayoutQuerySchema, LayoutResponseSchema, LayoutSaveSchema } from '@aula/contracts';
import { contextOf } from '../../context.ts';
import {
  getLayout,
  layoutVersion,
  markOpened,
  planLayout,
  resetPersonalLayout,
  saveLayout,
} from './layout.service.ts';
import { errorResponses } from '../../lib/route-schemas.ts';

/** Whether an If-None-Match header names this version (quoted or not, weak or strong, or *). */
export function matchesVersion(header: string | undefined, version: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) =>
      tag
        .trim()
        .replace(/^W\//, '')
        .replace(/^"(.*)"$/, '$1'),
    )
    .some((tag) => tag === version || tag === '*');
}

/** 304 without any body, type or length: a length on a 304 makes strict clients wait for bytes that never come. */
function notModified(reply: FastifyReply): FastifyReply {
  return reply.code(304).removeHeader('content-type').send();
}

export const layoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/layout',
    {
      schema: {
        tags: ['layout'],
        summary: "The caller's layout: logged-out for visitors, personal (or logged-in) when signed in",
        description:
          'The answer carries `version`, also sent as ETag. Send it back as If-None-Match: when nothing changed the answer is 304 without a body (spec 8).',
        querystring: LayoutQuerySchema,
        response: {
          200: LayoutResponseSchema,
          304: z.null().describe('unchanged since the version sent in If-None-Match'),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (req, reply) => {
      const plan = planLayout(contextOf(req), req.query);
      const ifNoneMatch = req.headers['if-none-match'];
      if (ifNoneMatch) {
        // one small query decides; an unchanged layout is never loaded
        const version = await layoutVersion(contextOf(req), plan);
        if (matchesVersion(ifNoneMatch, version)) return notModified(reply.header('etag', `"${version}"`));
      }
      const layout = await getLayout(contextOf(req), plan);
      reply.header('etag', `"${layout.version}"`);
      return layout;
    },
  );

  app.post(
    '/layout',
    {
      schema: {
        tags: ['layout'],
        summary: 'Save a layout: the personal one (anyone), the logged-in and logged-out ones (admins)',
        body: LayoutSaveSchema,
        response: {
          200: LayoutResponseSchema,
          ...errorResponses(400, 401, 403, 422),
        },
      },
    },
    (req) => saveLayout(contextOf(req), req.body),
  );

  app.delete(
    '/layout',
    {
      schema: {
        tags: ['layout'],
        summary: 'Reset the personal layout: the logged-in layout shows again',
        response: { 204: z.null(), ...errorResponses(401) },
      },
    },
    async (req, reply) => {
      await resetPersonalLayout(contextOf(req));
      return reply.code(204).send(null);
    },
  );

  app.patch(
    '/layout/:id/new',
    {
      schema: {
        tags: ['layout'],
        summary: 'The caller opened this tile: it is no longer new for them',
        params: IdParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 404) },
      },
    },
    async (req, reply) => {
      await markOpened(contextOf(req), req.params.id);
      return reply.code(204).send(null);
    },
  );
};
