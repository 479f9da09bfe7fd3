import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { preValidationHookHandler } from 'fastify';
import { z } from 'zod';
import {
  IdParamsSchema,
  SickCountSchema,
  SickListQuerySchema,
  SickListSchema,
  SickNoticeSchema,
  SickProcessInputSchema,
  StudentDetailSchema,
  StudentListQuerySchema,
  StudentListSchema,
} from '@aula/contracts';
import { contextOf } from '../../context.ts';
import { sendFile } from '../files/file-reply.ts';
import { readSickForm, SICK_FORM_MULTIPART } from './sick-form.ts';
import {
  countNotices,
  getNotice,
  getNoticePhoto,
  getStudent,
  listNotices,
  listStudents,
  processNotice,
  reportNotice,
} from './sick.service.ts';
import { errorResponses } from '../../lib/route-schemas.ts';

const errors = errorResponses(400, 401, 403, 404, 422);

/** `groups=1&groups=2` arrives as a list: joined to `1,2`, the one form the query schema reads. */
const joinRepeated: preValidationHookHandler = (req, _reply, done) => {
  const query = req.query as Record<string, unknown>;
  for (const key of ['groups', 'users'])
    if (Array.isArray(query[key])) query[key] = (query[key] as string[]).join(',');
  done();
};

const FORM_FIELDS =
  'multipart/form-data: begin, end (YYYY-MM-DD), message, userId (empty: the caller) and the optional file `photo` ' +
  '(PNG, JPEG or WebP; stored as a JPEG of at most 2048 px without metadata) when enable_sick_photo is on. ' +
  '422 sick.begin_missing / end_missing / dates_missing / end_before_start / end_in_past / photo_disabled, ' +
  '422 sick.begin_too_far (the first day more than sick_max_days after today) / end_too_far (the last day more ' +
  'than sick_max_days after the first; params.max), ' +
  '403 sick.not_your_student, 413 upload.too_large / quota_exceeded, 415 upload.invalid_type.';

// spec 3.6, 4.6, 7.3; decision 062. Every route answers 404 when the school has switched `sick` off.
export const sickRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, SICK_FORM_MULTIPART);

  app.get(
    '/sick',
    {
      preValidation: joinRepeated,
      schema: {
        tags: ['sick'],
        summary:
          'The sick notices the caller sees (pupils their own, teachers their own and their groups’ pupils’, admins all), newest first; audited with the filter and the count',
        querystring: SickListQuerySchema,
        response: { 200: SickListSchema, ...errors },
      },
    },
    (req) => listNotices(contextOf(req), req.query),
  );

  app.post(
    '/sick',
    {
      schema: {
        tags: ['sick'],
        summary: 'Report a sick notice for oneself, or (teachers, admins) for a pupil',
        description: FORM_FIELDS,
        consumes: ['multipart/form-data'],
        response: { 201: SickNoticeSchema, ...errors, ...errorResponses(413, 415) },
      },
    },
    async (req, reply) => {
      const ctx = contextOf(req);
      const form = await readSickForm(req);
      return reply.code(201).send(await reportNotice(ctx, form));
    },
  );

  app.get(
    '/sick/count',
    {
      schema: {
        tags: ['sick'],
        summary: 'Unprocessed notices the caller may process (the badge): teachers their groups’, admins all',
        response: { 200: SickCountSchema, ...errors },
      },
    },
    (req) => countNotices(contextOf(req)),
  );

  app.get(
    '/sick/:id',
    {
      schema: {
        tags: ['sick'],
        summary: 'One notice the caller sees (404 otherwise); audited',
        params: IdParamsSchema,
        response: { 200: SickNoticeSchema, ...errors },
      },
    },
    (req) => getNotice(contextOf(req), req.params.id),
  );

  app.get(
    '/sick/:id/photo',
    {
      schema: {
        tags: ['sick'],
        summary: 'The photo of a notice the caller sees, a JPEG without metadata; audited',
        params: IdParamsSchema,
        response: {
          200: { description: 'the photo', content: { 'image/jpeg': { schema: z.any() } } },
          ...errorResponses(404),
        },
      },
    },
    async (req, reply) => {
      const file = await getNoticePhoto(contextOf(req), req.params.id);
      return sendFile(reply, file, { disposition: 'inline', name: 'photo.jpg' });
    },
  );

  app.patch(
    '/sick/:id',
    {
      schema: {
        tags: ['sick'],
        summary: 'Mark processed or unprocessed (a teacher of the pupil’s groups, an admin); audited',
        params: IdParamsSchema,
        body: SickProcessInputSchema,
        response: { 200: SickNoticeSchema, ...errors },
      },
    },
    (req) => processNotice(contextOf(req), req.params.id, req.body.processed),
  );

  app.get(
    '/students',
    {
      schema: {
        tags: ['sick'],
        summary: 'The pupils the caller may report for: teachers their groups’, admins all',
        querystring: StudentListQuerySchema,
        response: { 200: StudentListSchema, ...errors },
      },
    },
    (req) => listStudents(contextOf(req), req.query),
  );

  app.get(
    '/student/:id',
    {
      schema: {
        tags: ['sick'],
        summary: 'One pupil in reach with the notices the caller sees of them (404 otherwise); audited',
        params: IdParamsSchema,
        response: { 200: StudentDetailSchema, ...errors },
      },
    },
    (req) => getStudent(contextOf(req), req.params.id),
  );
};
