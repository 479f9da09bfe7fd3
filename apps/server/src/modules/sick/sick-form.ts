// Reads the multipart body of POST /api/sick: the SickInput fields and the optional file `photo`. A photo
// over the limit is read to its end but never kept, and the request answers 413 with nothing stored.
import type { FastifyRequest } from 'fastify';
import { MAX_PHOTO_BYTES, MAX_SICK_MESSAGE } from '@aula/contracts';
import { AppError } from '../../lib/app-error.ts';
import { readUploadForm } from '../files/upload-form.ts';
import type { SickForm } from './sick.service.ts';

export const SICK_FORM_MULTIPART = {
  limits: { fileSize: MAX_PHOTO_BYTES, files: 1, fields: 10, parts: 12, fieldSize: MAX_SICK_MESSAGE * 4 },
  throwFileSizeLimit: false,
};

/** The SickInput fields and the optional photo; 415 for a body that is not a form. */
export async function readSickForm(req: FastifyRequest): Promise<SickForm> {
  const form = await readUploadForm(req, { field: 'photo', limit: MAX_PHOTO_BYTES });
  if (!form) throw new AppError(415, 'common.unsupported_media_type');
  return { fields: form.fields, photo: form.file ? { data: form.file } : null };
}
