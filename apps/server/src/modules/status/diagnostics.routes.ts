import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorPageSchema,
  ErrorsQuerySchema,
  LogPageSchema,
  LogsExportQuerySchema,
  LogsQuerySchema,
  ServerStatusSchema,
  StatisticsRequestSchema,
  StatisticsSchema,
} from '@aula/contracts';
import { contextOf } from '../../context.ts';
import { exportLogs, listErrors, listLogs, serverStatus, statistics } from './diagnostics.service.ts';
import { errorResponses } from '../../lib/route-schemas.ts';

const errors = errorResponses(400, 401, 403);

// The dashboard's status, statistics, logs and debug tabs (spec 2.3, 7.4); admins only (policy.ts).
export const diagnosticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/status',
    {
      schema: {
        tags: ['status'],
        summary: 'API, database latency, version, uptime, mail mode and which outside systems are set up',
        response: { 200: ServerStatusSchema, ...errors },
      },
    },
    (req) => serverStatus(contextOf(req)),
  );

  app.get(
    '/statistics',
    {
      schema: {
        tags: ['status'],
        summary: 'School-wide counts per day over the last `days` days: sign-ins, active users, tile opens',
        querystring: StatisticsRequestSchema,
        response: { 200: StatisticsSchema, ...errors },
      },
    },
    (req) => statistics(contextOf(req), req.query),
  );

  app.get(
    '/logs',
    {
      schema: {
        tags: ['status'],
        summary: 'The audit log, newest first, filtered by action, actor and days (UTC), paged',
        querystring: LogsQuerySchema,
        response: { 200: LogPageSchema, ...errors },
      },
    },
    (req) => listLogs(contextOf(req), req.query),
  );

  app.get(
    '/logs/full',
    {
      schema: {
        tags: ['status'],
        summary: 'The filtered audit log as a CSV download (UTF-8 with BOM, at most 50,000 rows); audited',
        querystring: LogsExportQuerySchema,
        response: {
          200: { description: 'the audit log as CSV', content: { 'text/csv': { schema: z.string() } } },
          ...errors,
        },
      },
    },
    async (req, reply) => {
      const { filename, csv } = await exportLogs(contextOf(req), req.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(csv);
    },
  );

  app.get(
    '/errors',
    {
      schema: {
        tags: ['status'],
        summary: 'Recent unexpected server errors (500s): route, error class and request id, newest first',
        querystring: ErrorsQuerySchema,
        response: { 200: ErrorPageSchema, ...errors },
      },
    },
    (req) => listErrors(contextOf(req), req.query),
  );
};
