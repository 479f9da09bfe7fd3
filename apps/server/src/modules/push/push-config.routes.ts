import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PushBackendBodySchema,
  PushConfigResponseSchema,
  PushContactBodySchema,
  PushStatusResponseSchema,
} from '@aula/contracts';
import { contextOf } from '../../context.ts';
import { changePushKeys, setPushContact } from './push-keys.service.ts';
import { getPushStatus, pushEnabled } from './push-status.service.ts';
import { errorResponses } from '../../lib/route-schemas.ts';

const errors = errorResponses(400, 401, 403);
const tags = ['push'];

// spec 3.6, 7.4 (decision 073): the front-end part for every signed-in browser; the contact for admins; the key
// pair for superadmins; the dashboard's status for admins. The private key never leaves the server.
export const pushConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/config/firebase',
    {
      schema: {
        tags,
        summary: 'What a browser needs to subscribe: whether push is on, and the VAPID public key',
        response: { 200: PushConfigResponseSchema, ...errors },
      },
    },
    (req) => {
      const ctx = contextOf(req);
      return pushEnabled(ctx, ctx.schoolId);
    },
  );

  app.post(
    '/config/firebase',
    {
      schema: {
        tags,
        summary: 'The contact push services see in the VAPID token (admins): mailto: or https:',
        body: PushContactBodySchema,
        response: { 200: PushStatusResponseSchema, ...errors },
      },
    },
    async (req) => {
      const ctx = contextOf(req);
      await setPushContact(ctx, req.body.contact);
      return getPushStatus(ctx);
    },
  );

  app.get(
    '/config/firebase-backend',
    {
      schema: {
        tags,
        summary:
          'Push status for the dashboard (admins): devices, queue, sent and failed in 24 h, last failure',
        response: { 200: PushStatusResponseSchema, ...errors },
      },
    },
    (req) => getPushStatus(contextOf(req)),
  );

  app.post(
    '/config/firebase-backend',
    {
      schema: {
        tags,
        summary:
          'The VAPID key pair (superadmins): rotate makes a new one, import takes the school’s own (400 push.keys_invalid); a new pair removes every device',
        body: PushBackendBodySchema,
        response: { 200: PushStatusResponseSchema, ...errors },
      },
    },
    async (req) => {
      const ctx = contextOf(req);
      await changePushKeys(ctx, req.body);
      return getPushStatus(ctx);
    },
  );
};
