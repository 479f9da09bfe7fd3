import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BannerSchema,
  LoginBgQuerySchema,
  LoginBgSchema,
  LogoQuerySchema,
  LogoSchema,
  MAX_LOGIN_BG_BYTES,
  MAX_LOGO_BYTES,
  text,
} from '@aula/contracts';
import { contextOf } from '../../context.ts';
import { sendFile } from '../files/file-reply.ts';
import { readUploadForm } from '../files/upload-form.ts';
import {
  brandingImage,
  getBanner,
  getLoginBg,
  getLogo,
  setBanner,
  setLoginBg,
  setLogo,
} from './branding.service.ts';
import { errorResponses } from '../../lib/route-schemas.ts';

const errors = errorResponses(400, 401, 403, 404, 413, 415, 422, 429);

/** The one file `file` of a branding upload, or null when the form has none (only a setting changes). */
async function readImage(req: FastifyRequest, limit: number): Promise<Buffer | null> {
  return (await readUploadForm(req, { field: 'file', limit }))?.file ?? null;
}

async function sendImage(req: FastifyRequest, reply: FastifyReply, what: 'login-bg' | 'logo') {
  const file = await brandingImage(contextOf(req), what);
  const name = `${what}.${file.mime === 'image/png' ? 'png' : 'webp'}`;
  return sendFile(reply, file, { disposition: 'inline', name });
}

// spec 3.5/3.6/7.4: the banner, the login background and the logo; reads are public (the login page)
/** A stored image as the OpenAPI document declares it: WebP or PNG, whichever it was stored as. */
const IMAGE_RESPONSE = {
  description: 'the image',
  content: { 'image/webp': { schema: z.any() }, 'image/png': { schema: z.any() } },
};

export const brandingRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_LOGIN_BG_BYTES, files: 1, fields: 5, parts: 6 },
    throwFileSizeLimit: false,
  });

  app.get(
    '/config/banner',
    {
      schema: {
        tags: ['config'],
        summary: 'The home page banner: on or off, type, text per language, an optional link',
        response: { 200: BannerSchema },
      },
    },
    (req) => getBanner(contextOf(req)),
  );

  app.post(
    '/config/banner',
    {
      schema: {
        tags: ['config'],
        summary: 'Set the banner (admins); German text is required while it is on',
        body: BannerSchema,
        response: { 200: BannerSchema, ...errors },
      },
    },
    (req) => setBanner(contextOf(req), req.body),
  );

  app.get(
    '/config/login-bg',
    {
      schema: {
        tags: ['config'],
        summary: 'The login background: its versioned image URL (or null) and strategy',
        response: { 200: LoginBgSchema },
      },
    },
    (req) => getLoginBg(contextOf(req)),
  );

  app.post(
    '/config/login-bg',
    {
      schema: {
        tags: ['config'],
        summary:
          'Upload the login background (multipart `file`: PNG, JPEG or WebP up to 8 MB, stored as WebP of at most 2560 px without metadata); query strategy, remove=true',
        consumes: ['multipart/form-data', 'application/json'],
        querystring: LoginBgQuerySchema,
        response: { 200: LoginBgSchema, ...errors },
      },
    },
    async (req) =>
      setLoginBg(contextOf(req), {
        file: await readImage(req, MAX_LOGIN_BG_BYTES),
        ...(req.query.strategy ? { strategy: req.query.strategy } : {}),
        remove: req.query.remove === 'true',
      }),
  );

  app.get(
    '/config/login-bg/image',
    {
      schema: {
        tags: ['config'],
        summary: 'The login background image (WebP); v is the version in the config key',
        querystring: z.strictObject({ v: text().max(20).optional() }),
        response: { 200: IMAGE_RESPONSE },
      },
    },
    (req, reply) => sendImage(req, reply, 'login-bg'),
  );

  app.get(
    '/config/logo',
    {
      schema: {
        tags: ['config'],
        summary: "Whether the product logo shows, and the school's replacement logo URL (or null)",
        response: { 200: LogoSchema },
      },
    },
    (req) => getLogo(contextOf(req)),
  );

  app.post(
    '/config/logo',
    {
      schema: {
        tags: ['config'],
        summary:
          'Show the product logo or not (query show), and upload a replacement (multipart `file`: PNG, JPEG, WebP, GIF or SVG up to 1 MB, stored as PNG of at most 512 px); remove=true removes it',
        consumes: ['multipart/form-data', 'application/json'],
        querystring: LogoQuerySchema,
        response: { 200: LogoSchema, ...errors },
      },
    },
    async (req) =>
      setLogo(contextOf(req), {
        file: await readImage(req, MAX_LOGO_BYTES),
        ...(req.query.show ? { show: req.query.show === 'true' } : {}),
        remove: req.query.remove === 'true',
      }),
  );

  app.get(
    '/config/logo/image',
    {
      schema: {
        tags: ['config'],
        summary: "The school's logo (PNG); v is the version in the config key",
        querystring: z.strictObject({ v: text().max(20).optional() }),
        response: { 200: IMAGE_RESPONSE },
      },
    },
    (req, reply) => sendImage(req, reply, 'logo'),
  );
};
