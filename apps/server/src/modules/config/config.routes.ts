import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ConfigKeyRequestSchema,
  ConfigMapSchema,
  ConfigTextResponseSchema,
  TextLangSchema,
  TextsSchema,
  text,
} from '@aula/contracts';
import { contextOf } from '../../context.ts';
import { getConfigValues } from './config.service.ts';
import { getText, setTexts } from './texts.service.ts';
import { errorResponses } from '../../lib/route-schemas.ts';

const TextKeyParam = text().min(1).max(64);
const errors = errorResponses(400, 401, 403, 404);

export const configRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/config/key',
    {
      schema: {
        tags: ['config'],
        summary: 'Values of the public configuration keys of spec 3.5',
        body: ConfigKeyRequestSchema,
        response: { 200: ConfigMapSchema, ...errorResponses(400) },
      },
    },
    (req) => getConfigValues(req.server.db, req.schoolId, req.body),
  );

  app.get(
    '/config/key/:key/:lang',
    {
      schema: {
        tags: ['config'],
        summary:
          'A translated text (imprint, terms, login_msg, help.<topic>) in one language with fallback; lang "all" gives admins every language',
        params: z.strictObject({ key: TextKeyParam, lang: TextLangSchema }),
        response: { 200: ConfigTextResponseSchema, ...errors },
      },
    },
    (req) => getText(contextOf(req), req.params.key, req.params.lang),
  );

  app.post(
    '/translation/:key',
    {
      schema: {
        tags: ['config'],
        summary: "Store a text's languages; an empty string deletes that language",
        params: z.strictObject({ key: TextKeyParam }),
        body: TextsSchema,
        response: { 200: TextsSchema, ...errors },
      },
    },
    (req) => setTexts(contextOf(req), req.params.key, req.body),
  );
};
