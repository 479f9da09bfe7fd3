import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PushSettingsBodySchema, PushSettingsResponseSchema } from '@aula/contracts';
import { contextOf } from '../../context.ts';
import { getPushSettings, setPushSettings } from './push-settings.service.ts';
import { errorResponses } from '../../lib/route-schemas.ts';

const errors = errorResponses(400, 401, 403);

// decision 073: the caller's own push kinds and quiet hours, beside the spec's /api/users/firebase
export const pushSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/firebase/settings',
    {
      schema: {
        tags: ['push'],
        summary:
          "The caller's push settings: kinds on and off, which apply, their own quiet hours, the school's (pupils), the time zone, their devices",
        response: { 200: PushSettingsResponseSchema, ...errors },
      },
    },
    (req) => getPushSettings(contextOf(req)),
  );

  app.put(
    '/users/firebase/settings',
    {
      schema: {
        tags: ['push'],
        summary:
          "Switch kinds on or off and set one's own quiet hours (they add to the school's, never shorten them); not while impersonating",
        body: PushSettingsBodySchema,
        response: { 200: PushSettingsResponseSchema, ...errors },
      },
    },
    (req) => setPushSettings(contextOf(req), req.body),
  );
};
