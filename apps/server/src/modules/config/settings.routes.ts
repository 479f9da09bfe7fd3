import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorBodySchema,
  SetSettingRequestSchema,
  SetSettingResultSchema,
  SettingsValuesSchema,
} from '@aula/contracts';
import { getSettings, setSetting } from './settings.service.ts';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/config/settings',
    {
      schema: {
        tags: ['config'],
        summary: 'Every school setting with its raw value, defaults filled in (admins)',
        response: { 200: SettingsValuesSchema, ...errors },
      },
    },
    (req) => getSettings(req),
  );

  app.post(
    '/config/key/:key',
    {
      schema: {
        tags: ['config'],
        summary: 'Change one school setting; the value is checked against the key type',
        params: z.strictObject({ key: z.string().min(1).max(64) }),
        body: SetSettingRequestSchema,
        response: { 200: SetSettingResultSchema, 422: ErrorBodySchema, ...errors },
      },
    },
    (req) => setSetting(req, req.params.key, req.body.value),
  );
};
