import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MAX_PHOTO_BYTES, PHOTO_MAX_PX, THUMBNAIL_PX } from '@aula/contracts';
import { carriesNoMetadata, phonePhoto } from '../../test/photos.ts';
import { imageOwner } from '../../lib/image-limiter.ts';
import { preparePhoto } from './file-checks.ts';

const OWNER = imageOwner(1, null);

describe('a photo from a phone (decisions 062, 063)', () => {
  it('comes back as an upright JPEG of at most PHOTO_MAX_PX without EXIF or GPS, with a WebP thumbnail', async () => {
    const upload = await phonePhoto(3000, 2000, { orientation: 6 });
    expect(await carriesNoMetadata(upload)).toBe(false);
    const { photo, thumbnail } = await preparePhoto({ data: upload }, OWNER);
    // orientation 6: the stored 3000 × 2000 is shown turned, 2000 × 3000, and scaled to fit PHOTO_MAX_PX
    expect([photo.width, photo.height]).toEqual([Math.round((PHOTO_MAX_PX * 2) / 3), PHOTO_MAX_PX]);
    const meta = await sharp(photo.data).metadata();
    expect([meta.format, meta.width, meta.height, meta.orientation]).toEqual([
      'jpeg',
      photo.width,
      photo.height,
      undefined,
    ]);
    expect(await carriesNoMetadata(photo.data)).toBe(true);
    const thumb = await sharp(thumbnail.data).metadata();
    expect([thumb.format, thumb.height]).toEqual(['webp', THUMBNAIL_PX]);
    expect(await carriesNoMetadata(thumbnail.data)).toBe(true);
  });

  it('keeps a small photo at its size', async () => {
    const { photo } = await preparePhoto({ data: await phonePhoto(640, 480) }, OWNER);
    expect([photo.width, photo.height]).toEqual([640, 480]);
  });

  it('refuses what is not a PNG, JPEG or WebP, and a file beyond the limit', async () => {
    await expect(preparePhoto({ data: Buffer.from('%PDF-1.7 not a photo') }, OWNER)).rejects.toMatchObject({
      status: 415,
      code: 'upload.invalid_type',
    });
    await expect(preparePhoto({ data: Buffer.alloc(MAX_PHOTO_BYTES + 1) }, OWNER)).rejects.toMatchObject({
      status: 413,
      code: 'upload.too_large',
    });
  });
});
