import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CIM_MAX_BYTES, CimImportResultSchema, CimQuerySchema } from '@aula/contracts';
import { contextOf } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { importIdentities } from './cim.service.ts';
import { errorResponses } from '../../lib/route-schemas.ts';

const errors = errorResponses(400, 401, 403, 413, 415, 422);

// The identity import (spec 2.3: the cim tab, superadmins only). The body is the CSV file itself.
export const cimRoutes: FastifyPluginAsyncZod = async (app) => {
  // raw bytes: the service tells UTF-8 from Windows-1252; only this plugin reads text/csv
  app.addContentTypeParser('text/csv', { parseAs: 'buffer', bodyLimit: CIM_MAX_BYTES }, (_req, body, done) =>
    done(null, body),
  );

  app.post(
    '/cim/import',
    {
      bodyLimit: CIM_MAX_BYTES,
      schema: {
        tags: ['cim'],
        summary: 'Import users and classes from a CSV export; dryRun (the default) only answers the plan',
        consumes: ['text/csv'],
        querystring: CimQuerySchema,
        response: { 200: CimImportResultSchema, ...errors },
      },
      preValidation: async (req) => {
        const type = req.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
        if (type !== 'text/csv') throw new AppError(415, 'common.unsupported_media_type');
      },
    },
    (req) => importIdentities(contextOf(req), req.body, req.query.dryRun),
  );
};
