// What a chat file may be (decision 070): photos (JPEG, PNG, WebP, GIF) re-encoded in their own format without
// EXIF or GPS, PDF, and the office documents file-type recognises by their content (Word, Excel, PowerPoint as
// OOXML; OpenDocument text, spreadsheet, presentation). The type comes from the bytes, never the name; the
// stored name gets the extension of the type found. Anything else is 415 upload.invalid_type.
import { CHAT_MIMES, fileKindNames, isFileKind, MAX_CHAT_UPLOAD_BYTES } from '@aula/contracts';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError } from '../../lib/app-error.ts';
import { withoutImageMetadata } from '../../lib/uploads.ts';
import type { ImageOwner } from '../../lib/image-limiter.ts';
import { tooLarge } from '../files/file-checks.ts';

/** The types by name (the contracts' file-kind table), for GET /api/matrix/config and the 415 message. */
export const CHAT_UPLOAD_TYPE_NAMES = fileKindNames(CHAT_MIMES);

export interface ChatUpload {
  name: string;
  mime: string;
  data: Buffer;
  width: number | null;
  height: number | null;
}

/** The uploaded name without path, extension or odd characters, with the extension of the type found. */
function storedName(uploaded: string, ext: string): string {
  const base =
    uploaded
      .split(/[\\/]/)
      .at(-1)!
      .replace(/\.[^.]*$/, '')
      .replace(/[^\p{L}\p{N} ._-]/gu, '_')
      .replace(/^[.\s]+/, '')
      .slice(0, 100)
      .trim() || 'datei';
  return `${base}.${ext}`;
}

/**
 * Checks and prepares a chat file: 413 beyond MAX_CHAT_UPLOAD_BYTES, 415 for a type not allowed, 429
 * `upload.busy` when `owner` (the sender) has too much image work waiting.
 */
export async function prepareChatUpload(
  data: Buffer,
  uploadedName: string,
  owner: ImageOwner,
): Promise<ChatUpload> {
  if (data.length > MAX_CHAT_UPLOAD_BYTES) throw tooLarge(MAX_CHAT_UPLOAD_BYTES);
  const detected = await fileTypeFromBuffer(data);
  if (!detected || !isFileKind(CHAT_MIMES, detected.mime))
    throw new AppError(415, 'upload.invalid_type', { allowed: CHAT_UPLOAD_TYPE_NAMES.join(', ') });
  const name = storedName(uploadedName, detected.ext);
  if (!detected.mime.startsWith('image/'))
    return { name, mime: detected.mime, data, width: null, height: null };
  const clean = await withoutImageMetadata(data, detected.mime, owner);
  // the header of the re-encoded image (already upright) only: no second decode; a GIF's frame height
  const meta = await sharp(clean).metadata();
  return {
    name,
    mime: detected.mime,
    data: clean,
    width: meta.width ?? null,
    height: meta.pageHeight ?? meta.height ?? null,
  };
}
