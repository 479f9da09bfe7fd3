import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CameraGallerySchema,
  CameraPeopleSchema,
  CameraPictureSchema,
  IdParamsSchema,
  LaraIdParamSchema,
  MAX_PHOTO_BYTES,
  PictureQuerySchema,
} from '@aula/contracts';
import { contextOf } from '../../context.ts';
import { sendFile } from '../files/file-reply.ts';
import { readUploadForm } from '../files/upload-form.ts';
import { addPicture, cameraGallery, cameraPeople, pictureFile, removePicture } from './camera.service.ts';
import { errorResponses } from '../../lib/route-schemas.ts';

const errors = errorResponses(400, 401, 403, 404);

const IMAGE_RESPONSE = {
  description: 'the photo (JPEG) or its thumbnail (WebP)',
  content: { 'image/jpeg': { schema: z.any() }, 'image/webp': { schema: z.any() } },
};

// spec 1, 2.2 (camera); decision 063: each person's pictures, never at a public address
export const cameraRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_PHOTO_BYTES, files: 1, fields: 5, parts: 6 },
    throwFileSizeLimit: false,
  });

  app.get(
    '/camera',
    {
      schema: {
        tags: ['camera'],
        summary: 'The people the caller may photograph: themself first, then the pupils of their groups',
        response: { 200: CameraPeopleSchema, ...errors },
      },
    },
    (req) => cameraPeople(contextOf(req)),
  );

  app.get(
    '/camera/:laraId',
    {
      schema: {
        tags: ['camera'],
        summary: "One person's pictures, newest first; 404 when the caller may not see them",
        params: LaraIdParamSchema,
        response: { 200: CameraGallerySchema, ...errors },
      },
    },
    (req) => cameraGallery(contextOf(req), req.params.laraId),
  );

  app.post(
    '/camera/:laraId',
    {
      schema: {
        tags: ['camera'],
        summary: 'Add a picture of the person (multipart, file field `photo`: JPEG, PNG or WebP)',
        consumes: ['multipart/form-data'],
        params: LaraIdParamSchema,
        response: {
          201: CameraPictureSchema,
          ...errors,
          ...errorResponses(413, 415, 429),
        },
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(
          await addPicture(
            contextOf(req),
            req.params.laraId,
            async () => (await readUploadForm(req, { field: 'photo', limit: MAX_PHOTO_BYTES }))?.file ?? null,
          ),
        ),
  );

  app.get(
    '/camera/pictures/:id',
    {
      schema: {
        tags: ['camera'],
        summary: 'A picture (full size, or its thumbnail with size=thumb); download=1 as an attachment',
        params: IdParamsSchema,
        querystring: PictureQuerySchema,
        response: { 200: IMAGE_RESPONSE, ...errors },
      },
    },
    async (req, reply) => {
      const file = await pictureFile(contextOf(req), req.params.id, req.query.size);
      const download = req.query.download === '1';
      return sendFile(reply, file, {
        disposition: download ? 'attachment' : 'inline',
        name: download ? file.downloadName : file.inlineName,
      });
    },
  );

  app.delete(
    '/camera/pictures/:id',
    {
      schema: {
        tags: ['camera'],
        summary: 'Delete a picture and its files; 404 when the caller may not see it',
        params: IdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await removePicture(contextOf(req), req.params.id);
      return reply.code(204).send(null);
    },
  );
};
