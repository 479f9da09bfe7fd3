// The way into the file store (decision 053): every upload is checked by its size and by its magic number,
// never by its name or declared type, and images are re-encoded without metadata (EXIF, GPS) before
// `storeFile` keeps them. The work runs outside any transaction, in the image limiter, shared between the
// uploaders in turn (decisions 044, 075).
import {
  MAX_DOWNLOAD_BYTES,
  MAX_ICON_BYTES,
  MAX_LOGIN_BG_BYTES,
  MAX_LOGO_BYTES,
  MAX_PHOTO_BYTES,
  PHOTO_MAX_PX,
  THUMBNAIL_PX,
} from '@aula/contracts';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { imageOwner, type ImageOwner } from '../../lib/image-limiter.ts';
import {
  checkDownload,
  iconToPng,
  megabytes,
  photoToJpeg,
  photoToWebp,
  reencodedDownloadType,
  withoutImageMetadata,
} from '../../lib/uploads.ts';

export type UploadKind = 'icon' | 'logo' | 'login-bg' | 'download' | 'photo';

/** The largest upload of each kind; the multipart readers stop keeping bytes beyond it while streaming. */
export const UPLOAD_LIMITS: Record<UploadKind, number> = {
  icon: MAX_ICON_BYTES,
  logo: MAX_LOGO_BYTES,
  'login-bg': MAX_LOGIN_BG_BYTES,
  download: MAX_DOWNLOAD_BYTES,
  photo: MAX_PHOTO_BYTES,
};

const LOGO_SIZE_PX = 512;

export interface PreparedFile {
  name: string;
  mime: string;
  data: Buffer;
}

/**
 * Whose image work an upload is, for the image limiter's turns and cap (decision 075): the signed-in user
 * (the impersonated one while impersonating), or the school's own work when nobody is signed in (a job).
 */
export function uploaderOf(ctx: Ctx): ImageOwner {
  return imageOwner(ctx.schoolId, ctx.user?.id ?? null);
}

/** 413 `upload.too_large` with the limit in MB, the error every upload route answers for a file too big. */
export function tooLarge(maxBytes: number): AppError {
  return new AppError(413, 'upload.too_large', { max: megabytes(maxBytes) });
}

/**
 * The fewest bytes an upload can take once stored, for the cheap quota check before the work (decision
 * 045): a download that is not an image exactly its size; an image is re-encoded, so at least one byte.
 */
export async function leastStoredBytes(kind: UploadKind, data: Buffer): Promise<number> {
  if (data.length === 0) return 0;
  if (kind !== 'download' || (await reencodedDownloadType(data))) return 1;
  return data.length;
}

/**
 * An upload made fit to store: a tile icon as a PNG of at most 256 px, a logo as a PNG of at most 512 px
 * (both from PNG, JPEG, WebP, GIF or a checked SVG), a login background as a WebP of at most 2560 px wide,
 * a download as it came, but an image download re-encoded in its own format. 413 beyond the size limit,
 * 415 `upload.invalid_type` (with the allowed types) for any other content, `upload.too_complex` for an
 * image that would take too long to decode, 429 `upload.busy` when `owner` has too much image work waiting.
 */
export async function prepareUpload(
  kind: UploadKind,
  upload: { data: Buffer; filename?: string },
  owner: ImageOwner,
): Promise<PreparedFile> {
  if (upload.data.length > UPLOAD_LIMITS[kind]) throw tooLarge(UPLOAD_LIMITS[kind]);
  switch (kind) {
    case 'icon':
      return { name: 'icon.png', mime: 'image/png', data: await iconToPng(upload.data, owner) };
    case 'logo':
      return { name: 'logo.png', mime: 'image/png', data: await iconToPng(upload.data, owner, LOGO_SIZE_PX) };
    case 'login-bg':
      return {
        name: 'login-background.webp',
        mime: 'image/webp',
        data: await photoToWebp(upload.data, owner),
      };
    case 'photo':
      return { name: 'photo.jpg', mime: 'image/jpeg', data: (await preparePhoto(upload, owner)).photo.data };
    case 'download': {
      const { mime, name } = await checkDownload(upload.data, upload.filename ?? '');
      return { name, mime, data: await withoutImageMetadata(upload.data, mime, owner) };
    }
  }
}

export interface PreparedPhoto {
  photo: PreparedFile & { width: number; height: number };
  thumbnail: PreparedFile;
}

/**
 * A photo from a phone (camera pictures, a sick note's photo; decisions 062, 063) made fit to store: a JPEG of
 * at most PHOTO_MAX_PX on its longest side and a WebP thumbnail of at most THUMBNAIL_PX, both upright and
 * without EXIF or GPS. 413 beyond MAX_PHOTO_BYTES, 415 for anything but PNG, JPEG or WebP, 429 `upload.busy`
 * when `owner` has too much image work waiting.
 */
export async function preparePhoto(upload: { data: Buffer }, owner: ImageOwner): Promise<PreparedPhoto> {
  if (upload.data.length > UPLOAD_LIMITS.photo) throw tooLarge(UPLOAD_LIMITS.photo);
  const { photo, width, height, thumbnail } = await photoToJpeg(
    upload.data,
    PHOTO_MAX_PX,
    THUMBNAIL_PX,
    owner,
  );
  return {
    photo: { name: 'photo.jpg', mime: 'image/jpeg', data: photo, width, height },
    thumbnail: { name: 'thumbnail.webp', mime: 'image/webp', data: thumbnail },
  };
}
