// Photos as a phone takes them, for the tests of sick notes and camera pictures (decisions 062, 063): a JPEG
// with the camera's make, a GPS position and an orientation flag, so a test can see all three go.
import sharp from 'sharp';

export const PHONE_MAKE = 'Aula Testkamera';

/** A JPEG of `width` × `height` (as stored, before turning) with EXIF make, GPS position and orientation. */
export async function phonePhoto(
  width = 400,
  height = 300,
  { orientation = 1, quality = 90 }: { orientation?: number; quality?: number } = {},
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#48c' } })
    .composite([
      // some detail, so the JPEG's size is like a photo's rather than a flat colour's
      {
        input: Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><text x="10" y="${Math.round(height / 2)}" font-size="${Math.round(height / 8)}">Krankmeldung 2026</text></svg>`,
        ),
      },
    ])
    .jpeg({ quality })
    .withMetadata({ orientation })
    .withExifMerge({
      IFD0: { Make: PHONE_MAKE },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '52/1 31/1 12/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '13/1 24/1 0/1',
      },
    })
    .toBuffer();
}

/** Whether an image carries no EXIF (so no GPS), no XMP and not the test camera's name anywhere. */
export async function carriesNoMetadata(image: Buffer): Promise<boolean> {
  const meta = await sharp(image).metadata();
  return meta.exif === undefined && meta.xmp === undefined && !image.includes(Buffer.from(PHONE_MAKE));
}
