// Issue 18, item 4: the file store's checks through the real routes (decision 053): type by magic number,
// size, images re-encoded without EXIF and GPS, and the headers a stored file is served with.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { LoginBgSchema, MAX_LOGIN_BG_BYTES, SaveAppResponseSchema } from '@aula/contracts';
import { apps, files } from '../../db/schema.ts';
import { call, callAs, callError, loginAs, startTestApp, type TestApp } from '../../test/test-app.ts';
import { multipart } from '../../test/multipart.ts';

let t: TestApp;
let teacher: string;
let admin: string;

beforeAll(async () => {
  t = await startTestApp();
  teacher = await loginAs(t.base, 'teacher');
  admin = await loginAs(t.base, 'admin');
});
afterAll(() => t?.close());

const CAMERA = 'Aula Testkamera';

/**
 * A 60 × 40 JPEG as a phone writes it: EXIF with the camera, the place it was taken (53° 33′ N, 9° 59′ E)
 * and an orientation that says "turn me a quarter to the right".
 */
async function photoWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 60, height: 40, channels: 3, background: '#c63' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: CAMERA, Model: 'Modell 7' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '53/1 33/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '9/1 59/1 0/1',
      },
    })
    .toBuffer();
}

/** Whether these bytes carry EXIF at all: an APP1 `Exif` block (JPEG) or sharp finds any. */
async function hasExif(bytes: Buffer): Promise<boolean> {
  const meta = await sharp(bytes).metadata();
  return meta.exif !== undefined || bytes.includes(Buffer.from('Exif\0\0', 'latin1'));
}

/** The GPS sub-directory's tag (0x8825) in either byte order of an EXIF block. */
function hasGpsTag(exif: Buffer): boolean {
  return exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));
}

function downloadForm(title: string, file: { name: string; data: Buffer | string; type?: string }) {
  return multipart(
    { title, color: 'sky-500', target: 'download' },
    { file: { ...file, type: file.type ?? 'application/octet-stream' } },
  );
}

async function storedFile(id: number) {
  const [row] = await t.database.db.select().from(files).where(eq(files.id, id));
  return row!;
}

async function fileCount() {
  const [row] = await t.database.db.select({ n: count() }).from(files);
  return row!.n;
}

async function fileIdOfTile(id: number) {
  const [row] = await t.database.db
    .select({ fileId: apps.fileId, iconFileId: apps.iconFileId })
    .from(apps)
    .where(eq(apps.id, id));
  return row!;
}

describe('the file store', () => {
  it('the test photo really carries a GPS position and a camera name', async () => {
    const photo = await photoWithGps();
    const meta = await sharp(photo).metadata();
    expect(meta.exif).toBeDefined();
    expect(hasGpsTag(meta.exif!)).toBe(true);
    expect(meta.exif!.includes(Buffer.from(CAMERA))).toBe(true);
    expect(meta.orientation).toBe(6);
  });

  it('a JPEG download is stored and served re-encoded: upright, same size, without EXIF or GPS', async () => {
    const photo = await photoWithGps();
    const res = await callAs(SaveAppResponseSchema, t.base, '/api/apps', {
      cookie: teacher,
      form: downloadForm('Klassenfoto', { name: 'Klassenfoto.jpeg', data: photo, type: 'image/jpeg' }),
    });
    expect(res.status).toBe(201);
    const { fileId } = await fileIdOfTile(res.body.bubble.id);
    const stored = await storedFile(fileId!);
    expect([stored.mime, stored.name, stored.size]).toEqual([
      'image/jpeg',
      'Klassenfoto.jpg',
      stored.data.length,
    ]);
    expect(await hasExif(stored.data)).toBe(false);
    expect(stored.data.includes(Buffer.from(CAMERA))).toBe(false);
    const meta = await sharp(stored.data).metadata();
    // orientation 6 applied: the 60 × 40 photo is now 40 × 60 and needs no tag to show upright
    expect([meta.format, meta.width, meta.height, meta.orientation]).toEqual(['jpeg', 40, 60, undefined]);

    const served = await fetch(`${t.base}/api/apps/${res.body.bubble.id}/download`, {
      headers: { cookie: teacher },
    });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''Klassenfoto.jpg");
    expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes).toEqual(stored.data);
    expect(await hasExif(bytes)).toBe(false);
  });

  it('the same photo as a tile icon and as the login background keeps no EXIF either', async () => {
    const photo = await photoWithGps();
    const form = new FormData();
    for (const [k, v] of Object.entries({ title: 'Foto-Icon', url: 'x.example', color: 'sky-500' }))
      form.append(k, v);
    form.append('icon', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'foto.jpg');
    const tile = await callAs(SaveAppResponseSchema, t.base, '/api/apps', { cookie: teacher, form });
    expect(tile.status).toBe(201);
    const icon = await fetch(t.base + tile.body.bubble.iconUrl, { headers: { cookie: teacher } });
    expect(icon.headers.get('content-type')).toBe('image/png');
    expect(icon.headers.get('x-content-type-options')).toBe('nosniff');
    expect(icon.headers.get('content-disposition')).toBe('inline; filename="icon.png"');
    const iconBytes = Buffer.from(await icon.arrayBuffer());
    expect(await hasExif(iconBytes)).toBe(false);
    expect(iconBytes.includes(Buffer.from(CAMERA))).toBe(false);

    const bg = new FormData();
    bg.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'hof.jpg');
    const set = await callAs(LoginBgSchema, t.base, '/api/config/login-bg', { cookie: admin, form: bg });
    expect(set.status).toBe(200);
    const image = await fetch(t.base + set.body.url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(image.headers.get('content-disposition')).toBe('inline; filename="login-bg.webp"');
    const bgBytes = Buffer.from(await image.arrayBuffer());
    const meta = await sharp(bgBytes).metadata();
    expect([meta.format, meta.exif, meta.width, meta.height]).toEqual(['webp', undefined, 40, 60]);
    expect(bgBytes.includes(Buffer.from(CAMERA))).toBe(false);
  });

  it('the type comes from the magic number: a PNG named .pdf is stored and served as a PNG', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    const res = await callAs(SaveAppResponseSchema, t.base, '/api/apps', {
      cookie: teacher,
      form: downloadForm('Bericht', { name: 'bericht.pdf', data: png, type: 'application/pdf' }),
    });
    expect(res.status).toBe(201);
    const stored = await storedFile((await fileIdOfTile(res.body.bubble.id)).fileId!);
    expect([stored.mime, stored.name]).toEqual(['image/png', 'bericht.png']);
    const served = await fetch(`${t.base}/api/apps/${res.body.bubble.id}/download`, {
      headers: { cookie: teacher },
    });
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''bericht.png");
  });

  it('HTML named .pdf and declared a PDF is refused 415 with the allowed types; nothing is stored', async () => {
    const before = await fileCount();
    const res = await call(t.base, '/api/apps', {
      cookie: teacher,
      form: downloadForm('Falle', {
        name: 'zeugnis.pdf',
        data: '<html><script>alert(document.cookie)</script></html>',
        type: 'application/pdf',
      }),
    });
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({
      code: 'upload.invalid_type',
      message: 'Invalid file type (allowed: {allowed})',
      params: { allowed: expect.stringContaining('PDF') },
    });
    expect(await fileCount()).toBe(before);
    // a JPEG whose bytes break off after the magic number passes the type check but not the decoder
    const photo = await photoWithGps();
    const broken = await callError(t.base, '/api/apps', {
      cookie: teacher,
      form: downloadForm('Kaputt', { name: 'kaputt.jpg', data: photo.subarray(0, 200) }),
    });
    expect(broken.status).toBe(415);
    expect(broken.body.code).toBe('upload.invalid_type');
    expect(await fileCount()).toBe(before);
  });

  it('a login background over 8 MB is 413 with max 8, and nothing is stored', async () => {
    const before = await fileCount();
    const photo = await photoWithGps();
    const big = Buffer.concat([photo, Buffer.alloc(MAX_LOGIN_BG_BYTES)]);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(big)], { type: 'image/jpeg' }), 'gross.jpg');
    const res = await call(t.base, '/api/config/login-bg', { cookie: admin, form });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({
      code: 'upload.too_large',
      message: 'File too large (max {max} Mb)',
      params: { max: 8 },
    });
    expect(await fileCount()).toBe(before);
  });
});
