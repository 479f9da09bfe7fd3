// Reads the multipart body of POST /api/sick: the SickInput fields and the optional file `photo`. A photo
// over the limit is read to its end but never kept, and the request answers 413 with nothing stored.
import type { FastifyRequest } from 'fastify';
import { MAX_PHOTO_BYTES, MAX_SICK_MESSAGE } from '@aula/contracts';
import { AppError } from '../../lib/app-error.ts';
import { tooLarge } from '../files/file-checks.ts';
import type { SickForm } from './sick.service.ts';

const MAX_BODY_BYTES = MAX_PHOTO_BYTES + 256 * 1024;

export const SICK_FORM_MULTIPART = {
  limits: { fileSize: MAX_PHOTO_BYTES, files: 1, fields: 10, parts: 12, fieldSize: MAX_SICK_MESSAGE * 4 },
  throwFileSizeLimit: false,
};

function invalidPart(path: string, message: string): AppError {
  return AppError.validation([{ path, code: 'common.validation', message }]);
}

export async function readSickForm(req: FastifyRequest): Promise<SickForm> {
  if (!req.isMultipart()) throw new AppError(415, 'common.unsupported_media_type');
  if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES) throw tooLarge(MAX_PHOTO_BYTES);
  const form: SickForm = { fields: {}, photo: null };
  let oversize = false;
  let invalid: AppError | null = null;
  for await (const part of req.parts()) {
    if (part.type === 'field') {
      if (part.valueTruncated || typeof part.value !== 'string') {
        invalid ??= invalidPart(part.fieldname, 'too long or not text');
        continue;
      }
      form.fields[part.fieldname] = part.value;
      continue;
    }
    const known = part.fieldname === 'photo';
    const chunks: Buffer[] = [];
    let size = 0;
    // every part is read to its end, so the client gets the answer instead of a reset connection
    for await (const chunk of part.file) {
      size += (chunk as Buffer).length;
      if (known && size <= MAX_PHOTO_BYTES) chunks.push(chunk as Buffer);
    }
    if (!known || form.photo) {
      invalid ??= invalidPart(part.fieldname, 'unexpected file');
      continue;
    }
    if (size > MAX_PHOTO_BYTES || part.file.truncated) {
      oversize = true;
      continue;
    }
    // a file input left empty sends an empty part without a name
    if (size === 0 && part.filename === '') continue;
    form.photo = { data: Buffer.concat(chunks) };
  }
  if (oversize) throw tooLarge(MAX_PHOTO_BYTES);
  if (invalid) throw invalid;
  return form;
}
