import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AppTypeListSchema,
  IdParamsSchema,
  SaveAppResponseSchema,
  text,
  TileSchema,
  TranslationBodySchema,
} from '@aula/contracts';
import { contextOf } from '../../context.ts';
import { sendFile } from '../files/file-reply.ts';
import { APP_FORM_MULTIPART, readAppForm } from './app-form.ts';
import {
  appTypes,
  createApp,
  deleteApp,
  type TileDeletingHook,
  getTile,
  getTileDownload,
  getTileIcon,
  setTranslation,
  updateApp,
} from './apps.service.ts';
import { errorResponses } from '../../lib/route-schemas.ts';

const MULTIPART_FIELDS =
  'multipart/form-data: one field per TileInput field (title, url, iconName, iconColor, color, target, type, config, wantedPerms, groups as a comma-separated list or repeated, locked, removeIcon), ' +
  'and the files `icon` (PNG, JPEG, WebP, GIF or SVG, at most 1 MB; stored as a PNG of at most 256 px) and `file` (the download of a download tile, at most 20 MB). ' +
  '400 common.validation with issues [{ path, code, message }] (code: apps.missing_title, …), 403 apps.perms_not_allowed / apps.group_not_allowed / apps.lock_not_allowed, 413 upload.too_large { max } / upload.quota_exceeded / upload.school_quota_exceeded { used, limit } (MB), 415 upload.invalid_type { allowed } / upload.too_complex, 429 upload.busy with Retry-After.';

export const appsRoutes: FastifyPluginAsyncZod<{ beforeTileDelete: TileDeletingHook }> = async (
  app,
  opts,
) => {
  await app.register(multipart, APP_FORM_MULTIPART);

  app.get(
    '/apps/types',
    {
      schema: {
        tags: ['apps'],
        summary: 'The special tile types (spec 3.1 type, 7.2)',
        response: { 200: AppTypeListSchema, ...errorResponses(401) },
      },
    },
    () => [...appTypes()],
  );

  app.post(
    '/apps',
    {
      schema: {
        tags: ['apps'],
        summary: 'Create a tile',
        description: MULTIPART_FIELDS,
        consumes: ['multipart/form-data'],
        response: {
          201: SaveAppResponseSchema,
          ...errorResponses(400, 403, 413, 415, 429),
        },
      },
    },
    async (req, reply) => reply.code(201).send(await createApp(contextOf(req), () => readAppForm(req))),
  );

  app.get(
    '/apps/:id',
    {
      schema: {
        tags: ['apps'],
        summary: 'One tile the caller may see',
        params: IdParamsSchema,
        response: { 200: TileSchema, ...errorResponses(404) },
      },
    },
    (req) => getTile(contextOf(req), req.params.id),
  );

  app.put(
    '/apps/:id',
    {
      schema: {
        tags: ['apps'],
        summary: 'Edit a tile (its creator or an admin)',
        description: MULTIPART_FIELDS,
        consumes: ['multipart/form-data'],
        params: IdParamsSchema,
        response: {
          200: SaveAppResponseSchema,
          ...errorResponses(400, 403, 404, 413, 415, 429),
        },
      },
    },
    (req) => updateApp(contextOf(req), req.params.id, () => readAppForm(req)),
  );

  app.delete(
    '/apps/:id',
    {
      schema: {
        tags: ['apps'],
        summary: 'Delete a tile (its creator or an admin); it leaves every layout',
        params: IdParamsSchema,
        response: { 204: z.null(), ...errorResponses(403, 404) },
      },
    },
    async (req, reply) => {
      await deleteApp(contextOf(req), req.params.id, opts.beforeTileDelete);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/apps/:id/translation',
    {
      schema: {
        tags: ['apps'],
        summary: 'Set the title translations to exactly the non-empty entries sent (spec 7.2)',
        params: IdParamsSchema,
        body: TranslationBodySchema,
        response: { 200: TileSchema, ...errorResponses(400, 403, 404) },
      },
    },
    (req) => setTranslation(contextOf(req), req.params.id, req.body),
  );

  app.get(
    '/apps/:id/icon',
    {
      schema: {
        tags: ['apps'],
        summary: "The tile's uploaded icon, a PNG (the v parameter only changes with the icon)",
        params: IdParamsSchema,
        querystring: z.strictObject({ v: text().max(20).optional() }),
        response: { 200: { description: 'the icon', content: { 'image/png': { schema: z.any() } } } },
      },
    },
    async (req, reply) => {
      const file = await getTileIcon(contextOf(req), req.params.id);
      return sendFile(reply, file, { disposition: 'inline', name: 'icon.png' });
    },
  );

  app.get(
    '/apps/:id/download',
    {
      schema: {
        tags: ['apps'],
        summary: 'The file of a download tile, as an attachment',
        params: IdParamsSchema,
        response: {
          200: { description: 'the file, as an attachment', content: { '*/*': { schema: z.any() } } },
        },
      },
    },
    async (req, reply) => {
      const file = await getTileDownload(contextOf(req), req.params.id);
      return sendFile(reply, file, { disposition: 'attachment', name: file.name });
    },
  );
};
