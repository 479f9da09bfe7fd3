// The one reader of an upload form (multipart): its text fields and at most one file, for every route that takes
// a file (branding, camera, sick notices). An oversized file is read to its end but never kept: 413 and nothing
// stored (SECURITY.md "Uploads"); every part is read to its end, so the client gets the answer instead of a
// reset connection.
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { tooLarge } from './file-checks.ts';

export interface UploadForm {
  fields: Record<string, string>;
  /** the file of the expected field, or null when the form has none (or an empty one) */
  file: Buffer | null;
  /** the file's name as the browser sent it (only ever shown, cleaned, never trusted for its type) */
  fileName: string | null;
}

// room for the form's other parts and the multipart boundaries beside the file
const FORM_OVERHEAD_BYTES = 256 * 1024;

function invalidPart(path: string, message: string): AppError {
  return AppError.validation([{ path, code: 'common.validation', message }]);
}

/**
 * Reads the form; null when the request is not multipart. 413 when the file is over `limit` (also when the
 * declared body is far beyond it), 400 for a file in another field, a second file or a field too long.
 */
export async function readUploadForm(
  req: FastifyRequest,
  { field, limit }: { field: string; limit: number },
): Promise<UploadForm | null> {
  if (!req.isMultipart()) return null;
  if (Number(req.headers['content-length'] ?? 0) > limit + FORM_OVERHEAD_BYTES) throw tooLarge(limit);
  const form: UploadForm = { fields: {}, file: null, fileName: null };
  let oversize = false;
  let invalid: AppError | null = null;
  for await (const part of req.parts()) {
    if (part.type === 'field') {
      if (part.valueTruncated || typeof part.value !== 'string')
        invalid ??= invalidPart(part.fieldname, 'too long or not text');
      else form.fields[part.fieldname] = part.value;
      continue;
    }
    const expected = part.fieldname === field && form.file === null;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of part.file) {
      size += (chunk as Buffer).length;
      if (expected && size <= limit) chunks.push(chunk as Buffer);
    }
    if (!expected) invalid ??= invalidPart(part.fieldname, 'unexpected file');
    else if (size > limit || part.file.truncated) oversize = true;
    // a file input left empty sends an empty part
    else if (size > 0) {
      form.file = Buffer.concat(chunks);
      form.fileName = part.filename ?? null;
    }
  }
  if (oversize) throw tooLarge(limit);
  if (invalid) throw invalid;
  return form;
}
