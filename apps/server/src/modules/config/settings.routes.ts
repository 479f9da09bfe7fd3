import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SetSettingRequestSchema,
  SetSettingResultSchema,
  SettingsValuesSchema,
  TextsSchema,
  text,
} from '@aula/contracts';
import { contextOf } from '../../context.ts';
import { getSettings, setKey } from './settings.service.ts';
import { errorResponses } from '../../lib/route-schemas.ts';

const errors = errorResponses(400, 401, 403, 404);

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
        response: { 200: z.union([SetSettingResultSchema, TextsSchema]), ...errorResponses(422), ...errors },
      },
    },
    (req) => setKey(contextOf(req), req.params.key, req.body),
  );
};
