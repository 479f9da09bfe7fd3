import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorBodySchema,
  SetSettingRequestSchema,
  SetSettingResultSchema,
  SettingsValuesSchema,
  TextsSchema,
  text,
} from '@aula/contracts';
import { contextOf } from '../../context.ts';
import { getSettings, setKey } from './settings.service.ts';

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
    (req) => getSettings(contextOf(req)),
  );

  app.post(
    '/config/key/:key',
    {
      schema: {
        tags: ['config'],
        summary:
          'Change one school setting ({ value }, checked against the key type), or the languages of a text key such as imprint or terms ({ de, en, fa, ar }; an empty string deletes a language)',
        params: z.strictObject({ key: text().min(1).max(64) }),
        body: z.union([SetSettingRequestSchema, TextsSchema]),
        response: { 200: z.union([SetSettingResultSchema, TextsSchema]), 422: ErrorBodySchema, ...errors },
      },
    },
    (req) => setKey(contextOf(req), req.params.key, req.body),
  );
};
