import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MailOutboxPageSchema, MailOutboxQuerySchema } from '@aula/contracts';
import { AppError } from '../../lib/app-error.ts';
import { listOutbox, settleBackgroundTasks } from './mail.service.ts';
import { errorResponses } from '../../lib/route-schemas.ts';

export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  // mails sent after answering finish before the database closes
  app.addHook('onClose', async (instance) => settleBackgroundTasks(instance));

  app.get(
    '/mail/outbox',
    {
      schema: {
        tags: ['mail'],
        summary: "The school's outgoing mails, newest first (admins; the dashboard's debug tab)",
        querystring: MailOutboxQuerySchema,
        response: { 200: MailOutboxPageSchema, ...errorResponses(401, 403) },
      },
    },
    async (req) => {
      if (!req.user) throw AppError.unauthorized();
      return listOutbox(req.server.db, req.schoolId, req.user, req.query);
    },
  );
};
