// Upload checks (SECURITY.md "Uploads", decision 023): the type comes from the bytes (magic number),
// never from the name or the declared type; images are re-encoded without metadata.
import {
  DOWNLOAD_MIMES,
  fileKindNames,
  ICON_MIMES,
  isFileKind,
  PHOTO_MIMES,
  SVG_MIME,
} from '@aula/contracts';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Sharp } from 'sharp';
import { AppError } from './app-error.ts';
import { IMAGE_LIMITS, imageLimiter, type ImageLane, type ImageOwner } from './image-limiter.ts';
import { inspectSvg, SVG_LIMITS } from './svg-check.ts';
import { svgRenderer } from './svg-render.ts';

export const ICON_SIZE_PX = 256;
// a 1 MB image can declare a huge canvas; refuse decoding beyond this many pixels
const MAX_INPUT_PIXELS = SVG_LIMITS.pixels;
// one libvips worker thread per image job: a job uses one core, whatever the machine (decision 044)
sharp.concurrency(1);

const tooComplex = () => new AppError(415, 'upload.too_complex');

/**
 * Runs image work of `owner` in its lane of the image limiter (decision 075). An AppError passes through; a
 * pipeline stopped by its time limit is too complex; any other failure means the bytes do not decode as the
 * type they claim.
 */
async function imageJob<T>(
  owner: ImageOwner,
  lane: ImageLane,
  job: () => Promise<T>,
  onError: () => AppError,
): Promise<T> {
  return imageLimiter.run(owner, lane, async () => {
    try {
      return await job();
    } catch (err) {
      if (err instanceof AppError) throw err;
      if (err instanceof Error && err.message.includes('timeout')) throw tooComplex();
      throw onError();
    }
  });
}

const decodeOptions = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' as const };
const timeLimit = { seconds: IMAGE_LIMITS.timeoutSeconds };

// the types by their magic number (the file-kind table of the contracts); SVG, which has none, is found by its text
const ICON_RASTER_TYPES = ICON_MIMES.filter((mime) => mime !== SVG_MIME);
export const ICON_TYPE_NAMES = fileKindNames(ICON_MIMES).join(', ');
export const DOWNLOAD_TYPE_NAMES = fileKindNames(DOWNLOAD_MIMES).join(', ');

export function megabytes(bytes: number): number {
  return Math.round((bytes / (1024 * 1024)) * 10) / 10;
}

function invalidType(allowed: string): AppError {
  return new AppError(415, 'upload.invalid_type', { allowed });
}

/**
 * SVG has no magic number: text whose root element is <svg, after an optional byte order mark, XML
 * declaration, comments, processing instructions and doctype. A loop, not one regex, so no input
 * makes the check slow.
 */
export function looksLikeSvg(data: Buffer): boolean {
  const text = data.toString('utf8');
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const skipPast = (end: string) => {
    const at = text.indexOf(end, i);
    if (at < 0) return false;
    i = at + end.length;
    return true;
  };
  for (;;) {
    while (i < text.length && /\s/.test(text[i]!)) i++;
    if (text.startsWith('<?', i)) {
      if (!skipPast('?>')) return false;
    } else if (text.startsWith('<!--', i)) {
      if (!skipPast('-->')) return false;
    } else if (text.slice(i, i + 9).toUpperCase() === '<!DOCTYPE') {
      const close = text.indexOf('>', i);
      const subset = text.indexOf('[', i);
      if (subset >= 0 && (close < 0 || subset < close) && !skipPast(']')) return false;
      if (!skipPast('>')) return false;
    } else break;
  }
  return text.startsWith('<svg', i) && /[\s>/]/.test(text[i + 4] ?? '');
}

/**
 * An uploaded icon as a PNG of at most 256 px without metadata. PNG, JPEG, WebP and GIF by their magic
 * number; SVG is rasterised here, so no script or external reference in it ever reaches a browser. An SVG
 * whose references or filters would make the renderer draw more than a school icon ever needs is refused
 * unrendered; the others render in a child process that is killed at the time limit.
 */
export async function iconToPng(data: Buffer, owner: ImageOwner, size = ICON_SIZE_PX): Promise<Buffer> {
  const detected = await fileTypeFromBuffer(data);
  const svg = (detected === undefined || detected.mime === 'application/xml') && looksLikeSvg(data);
  if (!svg && (!detected || !isFileKind(ICON_RASTER_TYPES, detected.mime)))
    throw invalidType(ICON_TYPE_NAMES);
  if (svg) {
    const text = data.toString('utf8');
    // entity declarations are how XML bombs start; icons never need them
    if (/<!ENTITY/i.test(text)) throw invalidType(ICON_TYPE_NAMES);
    const { refusal } = inspectSvg(text, SVG_LIMITS, size);
    if (refusal === 'malformed' || refusal === 'doctype') throw invalidType(ICON_TYPE_NAMES);
    if (refusal) throw tooComplex();
    // in the renderer's child process, killed at the time limit: what the count misses still has a bound
    return imageJob(
      owner,
      'svg',
      () => svgRenderer.render(data, size, MAX_INPUT_PIXELS),
      () => invalidType(ICON_TYPE_NAMES),
    );
  }
  return imageJob(
    owner,
    'raster',
    async () =>
      sharp(data, decodeOptions)
        .timeout(timeLimit)
        .rotate()
        .resize(size, size, { fit: 'inside', withoutEnlargement: true })
        .png()
        .toBuffer(),
    // the magic number matched but the image does not decode
    () => invalidType(ICON_TYPE_NAMES),
  );
}

export const PHOTO_TYPE_NAMES = fileKindNames(PHOTO_MIMES).join(', ');

/**
 * A photo (the login background) as a WebP of at most `maxWidth` px wide, turned upright and without any
 * metadata (EXIF, GPS): PNG, JPEG and WebP by their magic number.
 */
export async function photoToWebp(data: Buffer, owner: ImageOwner, maxWidth = 2560): Promise<Buffer> {
  const detected = await fileTypeFromBuffer(data);
  if (!detected || !isFileKind(PHOTO_MIMES, detected.mime)) throw invalidType(PHOTO_TYPE_NAMES);
  return imageJob(
    owner,
    'raster',
    () =>
      sharp(data, decodeOptions)
        .timeout(timeLimit)
        .rotate()
        .resize({ width: maxWidth, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer(),
    () => invalidType(PHOTO_TYPE_NAMES),
  );
}

/** Re-encoders per image type a download may be: the same format, without any metadata. */
const REENCODE: Record<string, (image: Sharp) => Sharp> = {
  'image/jpeg': (image) => image.jpeg({ quality: 90 }),
  'image/png': (image) => image.png(),
  'image/webp': (image) => image.webp({ quality: 90 }),
  'image/gif': (image) => image.gif(),
};

/** The type of a download by its magic number when it is an image that `withoutImageMetadata` re-encodes. */
export async function reencodedDownloadType(data: Buffer): Promise<string | null> {
  const detected = await fileTypeFromBuffer(data);
  return detected && REENCODE[detected.mime] ? detected.mime : null;
}

/**
 * An image download (`mime` as `checkDownload` found it) re-encoded in its own format, turned upright, at its
 * size and with every frame, but without EXIF, GPS positions, XMP or comments: a photo straight from a phone
 * says where it was taken. Other types come back unchanged.
 */
export async function withoutImageMetadata(data: Buffer, mime: string, owner: ImageOwner): Promise<Buffer> {
  const encode = REENCODE[mime];
  if (!encode) return data;
  return imageJob(
    owner,
    'raster',
    () =>
      encode(
        sharp(data, { ...decodeOptions, animated: true })
          .timeout(timeLimit)
          .autoOrient(),
      ).toBuffer(),
    () => invalidType(DOWNLOAD_TYPE_NAMES),
  );
}

/** A download file's exact type, and a generated file name with the extension of that type. */
export async function checkDownload(
  data: Buffer,
  uploadedName: string,
): Promise<{ mime: string; name: string }> {
  const detected = await fileTypeFromBuffer(data);
  if (!detected || !isFileKind(DOWNLOAD_MIMES, detected.mime)) throw invalidType(DOWNLOAD_TYPE_NAMES);
  const base =
    uploadedName
      .split(/[\\/]/)
      .at(-1)!
      .replace(/\.[^.]*$/, '')
      .replace(/[^\p{L}\p{N} ._-]/gu, '_')
      .replace(/^[.\s]+/, '')
      .slice(0, 100)
      .trim() || 'download';
  return { mime: detected.mime, name: `${base}.${detected.ext}` };
}

// a 48-megapixel phone camera (8064 × 6048) is the largest a pupil's phone takes (decision 062)
const MAX_PHOTO_PIXELS = 52_000_000;

/**
 * A camera photo or a sick note's photo (decisions 062, 063): JPEG at quality 82, turned upright, its
 * longest side at most `maxPx`, without any metadata (EXIF, GPS, XMP, ICC comments), with its thumbnail as a
 * WebP of at most `thumbPx` on its longest side. PNG, JPEG and WebP by their magic number.
 */
export async function photoToJpeg(
  data: Buffer,
  maxPx: number,
  thumbPx: number,
  owner: ImageOwner,
): Promise<{ photo: Buffer; width: number; height: number; thumbnail: Buffer }> {
  const detected = await fileTypeFromBuffer(data);
  if (!detected || !isFileKind(PHOTO_MIMES, detected.mime)) throw invalidType(PHOTO_TYPE_NAMES);
  return imageJob(
    owner,
    'raster',
    async () => {
      const upright = sharp(data, { ...decodeOptions, limitInputPixels: MAX_PHOTO_PIXELS })
        .timeout(timeLimit)
        .rotate()
        .resize(maxPx, maxPx, { fit: 'inside', withoutEnlargement: true });
      const { data: photo, info } = await upright.jpeg({ quality: 82 }).toBuffer({ resolveWithObject: true });
      const thumbnail = await sharp(photo)
        .timeout(timeLimit)
        .resize(thumbPx, thumbPx, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 75 })
        .toBuffer();
      return { photo, width: info.width, height: info.height, thumbnail };
    },
    () => invalidType(PHOTO_TYPE_NAMES),
  );
}
