// Reads the multipart body of POST /api/apps and PUT /api/apps/{id}: one field per TileInput field,
// the files `icon` and `file`. Size limits are enforced while streaming: a file over its limit is read
// to the end but never kept, and the request answers 413 with nothing stored (SECURITY.md "Uploads").
import type { FastifyRequest } from 'fastify';
import { MAX_APP_CONFIG_LENGTH, MAX_DOWNLOAD_BYTES, MAX_ICON_BYTES } from '@aula/contracts';
import { AppError } from '../../lib/app-error.ts';
import { megabytes } from '../../lib/uploads.ts';

export interface Upload {
  filename: string;
  data: Buffer;
}

export interface AppForm {
  fields: Record<string, string | string[]>;
  icon: Upload | null;
  file: Upload | null;
}

const FILE_LIMITS = { icon: MAX_ICON_BYTES, file: MAX_DOWNLOAD_BYTES } as const;
type FileField = keyof typeof FILE_LIMITS;
// the two files at their limits plus generous room for the text fields and the multipart framing
const MAX_BODY_BYTES = MAX_ICON_BYTES + MAX_DOWNLOAD_BYTES + 512 * 1024;

function tooLarge(maxBytes: number): AppError {
  return new AppError(413, 'upload.too_large', { max: megabytes(maxBytes) });
}

function invalidPart(path: string, message: string): AppError {
  return AppError.validation([{ path, code: 'common.validation', message }]);
}

/** Options for registering @fastify/multipart on the tile routes. */
export const APP_FORM_MULTIPART = {
  limits: {
    fileSize: MAX_DOWNLOAD_BYTES,
    files: 2,
    fields: 30,
    parts: 32,
    // bytes, and a character of the config may take four
    fieldSize: MAX_APP_CONFIG_LENGTH * 4,
  },
  // over-long files are detected below (truncated) and answered with our own 413
  throwFileSizeLimit: false,
};

export async function readAppForm(req: FastifyRequest): Promise<AppForm> {
  if (!req.isMultipart()) throw new AppError(415, 'common.unsupported_media_type');
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > MAX_BODY_BYTES) throw tooLarge(MAX_DOWNLOAD_BYTES);

  const form: AppForm = { fields: {}, icon: null, file: null };
  let oversize: number | null = null;
  let invalid: AppError | null = null;
  const parts = req.parts();
  for await (const part of parts) {
    if (part.type === 'field') {
      if (part.valueTruncated || typeof part.value !== 'string') {
        invalid ??= invalidPart(part.fieldname, 'too long or not text');
        continue;
      }
      const previous = form.fields[part.fieldname];
      form.fields[part.fieldname] =
        previous === undefined
          ? part.value
          : [...(Array.isArray(previous) ? previous : [previous]), part.value];
      continue;
    }
    const name = part.fieldname;
    const known = name === 'icon' || name === 'file';
    const limit = known ? FILE_LIMITS[name as FileField] : 0;
    const chunks: Buffer[] = [];
    let size = 0;
    // every part is read to its end, so the client gets the answer instead of a reset connection
    for await (const chunk of part.file) {
      size += (chunk as Buffer).length;
      if (known && size <= limit) chunks.push(chunk as Buffer);
    }
    if (!known || form[name as FileField] !== null) {
      invalid ??= invalidPart(name, 'unexpected file');
      continue;
    }
    if (size > limit || part.file.truncated) {
      oversize = Math.max(oversize ?? 0, limit);
      continue;
    }
    // a file input left empty sends an empty part without a name
    if (size === 0 && part.filename === '') continue;
    form[name as FileField] = { filename: part.filename, data: Buffer.concat(chunks) };
  }
  if (oversize !== null) throw tooLarge(oversize);
  if (invalid) throw invalid;
  return form;
}
