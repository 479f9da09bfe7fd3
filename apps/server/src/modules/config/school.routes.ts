import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SchoolIdentityRequestSchema, SchoolIdentitySchema } from '@aula/contracts';
import { contextOf } from '../../context.ts';
import { getSchoolIdentity, setSchoolIdentity } from './school.service.ts';
import { errorResponses } from '../../lib/route-schemas.ts';

const errors = errorResponses(400, 401, 403, 422);

// issue 19 item 5: the school's name, accent colour and logo (docs/decisions/059-school-identity.md)
export const schoolRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/config/school',
    {
      schema: {
        tags: ['config'],
        summary:
          "The school's name, accent colour and logo URL, and whether mail leaves the server (for everyone)",
        response: { 200: SchoolIdentitySchema },
      },
    },
    (req) => getSchoolIdentity(contextOf(req)),
  );

  app.post(
    '/config/school',
    {
      schema: {
        tags: ['config'],
        summary:
          'Set the school name (at most 80 characters) and the accent colour (#rrggbb with at least 4.5:1 contrast to white, or empty) (admins)',
        body: SchoolIdentityRequestSchema,
        response: { 200: SchoolIdentitySchema, ...errors },
      },
    },
    (req) => setSchoolIdentity(contextOf(req), req.body),
  );
};
