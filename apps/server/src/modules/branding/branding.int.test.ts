import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { count } from 'drizzle-orm';
import { files } from '../../db/schema.ts';
import { makeSetting } from '../../test/factories.ts';
import { BannerSchema, ConfigMapSchema, LoginBgSchema, LogoSchema } from '@aula/contracts';
import { answerAs, call, callAs, errorOf, loginAs, setUpTestApp } from '../../test/test-app.ts';
import { multipart } from '../../test/multipart.ts';

const cookies = new Map<string, string>();
let photo: Buffer;

const t = setUpTestApp();
beforeAll(async () => {
  for (const name of ['student', 'teacher', 'admin']) cookies.set(name, await loginAs(t.base, name));
  // a camera picture: EXIF with a position-like text that must not survive
  photo = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#3366aa' } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'GPS 52.52N 13.40E', Artist: 'Kamera' } })
    .toBuffer();
});

const as = (actor: string | null, path: string, opts: Parameters<typeof call>[2] = {}) =>
  call(t.base, path, { ...(actor ? { cookie: cookies.get(actor) } : {}), ...opts });
const form = (data: Buffer | string, name = 'bild.jpg') => multipart({}, { file: { data, name } });
const fileCount = async () => (await t.database.db.select({ n: count() }).from(files))[0]!.n;
const configKeys = async (keys: string[]) =>
  (await callAs(ConfigMapSchema, t.base, '/api/config/key', { body: keys })).body;

describe('banner (spec 3.6, 7.4)', () => {
  const banner = {
    enabled: true,
    type: 'warning',
    text: { de: 'Heute Hitzefrei ab der 5. Stunde', ar: 'عطلة بسبب الحر' },
    linkUrl: 'https://schule.example/hitze',
    linkText: { de: 'Mehr' },
  };

  it('visitors read it; students and teachers may not set it (403)', async () => {
    await makeSetting(t, 'banner', null); // none set: the default
    expect((await as(null, '/api/config/banner')).body).toMatchObject({ enabled: false });
    for (const actor of ['student', 'teacher'])
      expect((await as(actor, '/api/config/banner', { body: banner })).status).toBe(403);
    expect(answerAs(BannerSchema, await as(null, '/api/config/banner')).body.enabled).toBe(false);
  });

  it('an admin sets it and everyone reads it back', async () => {
    const res = await as('admin', '/api/config/banner', { body: banner });
    expect(res.status).toBe(200);
    expect((await as('student', '/api/config/banner')).body).toEqual(banner);
  });

  it('refuses a banner without German text, a javascript: link and unknown fields, changing nothing', async () => {
    expect((await as('admin', '/api/config/banner', { body: banner })).status).toBe(200);
    const noGerman = errorOf(
      await as('admin', '/api/config/banner', {
        body: { ...banner, text: { en: 'English only' } },
      }),
    );
    expect(noGerman.status).toBe(422);
    expect(noGerman.body.code).toBe('config.invalid_value');
    for (const linkUrl of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,x'])
      expect((await as('admin', '/api/config/banner', { body: { ...banner, linkUrl } })).status).toBe(400);
    expect((await as('admin', '/api/config/banner', { body: { ...banner, html: '<b>' } })).status).toBe(400);
    expect((await as(null, '/api/config/banner')).body).toEqual(banner);
  });
});

describe('login background (spec 3.5 login_bg, login_bg_strat)', () => {
  it('students and teachers may not upload (403) and nothing is stored', async () => {
    const before = await fileCount();
    for (const actor of ['student', 'teacher'])
      expect((await as(actor, '/api/config/login-bg', { form: form(photo) })).status).toBe(403);
    expect(await fileCount()).toBe(before);
  });

  it('an admin uploads a photo: it is shrunk, re-encoded as WebP without EXIF, and served to visitors', async () => {
    const res = answerAs(
      LoginBgSchema,
      await as('admin', '/api/config/login-bg?strategy=cover', { form: form(photo) }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ strategy: 'cover' });
    expect(res.body.url).toMatch(/^\/api\/config\/login-bg\/image\?v=\d+$/);
    // the public config keys the login page reads carry it
    expect(await configKeys(['login_bg', 'login_bg_strat'])).toEqual({
      login_bg: res.body.url,
      login_bg_strat: 'cover',
    });
    const image = await fetch(t.base + res.body.url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(image.headers.get('content-security-policy')).toContain('sandbox');
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(2560);
    expect(meta.exif).toBeUndefined();
  });

  it('a replacement deletes the old file; removal clears the key', async () => {
    expect((await as('admin', '/api/config/login-bg?strategy=cover', { form: form(photo) })).status).toBe(
      200,
    );
    const before = await fileCount();
    const again = await as('admin', '/api/config/login-bg', { form: form(photo) });
    expect(again.status).toBe(200);
    expect(await fileCount()).toBe(before);
    const removed = await as('admin', '/api/config/login-bg?remove=true', { method: 'POST' });
    expect(removed.body).toEqual({ url: null, strategy: 'cover' });
    expect(await fileCount()).toBe(before - 1);
    expect((await fetch(`${t.base}/api/config/login-bg/image`)).status).toBe(404);
  });

  it('a file that is no image is 415, a file too large is 413, and nothing is stored', async () => {
    await as('admin', '/api/config/login-bg?remove=true', { method: 'POST' }); // none set
    const before = await fileCount();
    const text = errorOf(
      await as('admin', '/api/config/login-bg', { form: form('<html>no</html>', 'bild.jpg') }),
    );
    expect(text.status).toBe(415);
    expect(text.body.code).toBe('upload.invalid_type');
    const svg = await as('admin', '/api/config/login-bg', {
      form: form('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'x.svg'),
    });
    expect(svg.status).toBe(415);
    const huge = errorOf(
      await as('admin', '/api/config/login-bg', { form: form(Buffer.alloc(9 * 1024 * 1024, 1)) }),
    );
    expect(huge.status).toBe(413);
    expect(huge.body.code).toBe('upload.too_large');
    expect(await fileCount()).toBe(before);
    expect(answerAs(LoginBgSchema, await as(null, '/api/config/login-bg')).body.url).toBeNull();
  });

  it('an unknown strategy is 400', async () => {
    expect((await as('admin', '/api/config/login-bg?strategy=stretch', { method: 'POST' })).status).toBe(400);
  });
});

describe('logo (spec 3.5 show_lara_logo, logo_replacement)', () => {
  it('an admin hides the product logo and uploads the school logo (SVG rasterised to PNG)', async () => {
    expect((await as('teacher', '/api/config/logo?show=false', { method: 'POST' })).status).toBe(403);
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><circle cx="32" cy="32" r="30" fill="green"/></svg>';
    const res = answerAs(
      LogoSchema,
      await as('admin', '/api/config/logo?show=false', { form: form(svg, 'logo.svg') }),
    );
    expect(res.status).toBe(200);
    expect(res.body.show).toBe(false);
    expect(res.body.url).toMatch(/^\/api\/config\/logo\/image\?v=\d+$/);
    expect(await configKeys(['show_lara_logo', 'logo_replacement'])).toEqual({
      show_lara_logo: 'false',
      logo_replacement: res.body.url,
    });
    const image = await fetch(t.base + res.body.url);
    expect(image.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect(meta.format).toBe('png');
    expect(meta.width).toBe(512);
  });

  it('removing the replacement and showing the product logo again', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>';
    expect((await as('admin', '/api/config/logo?show=false', { form: form(svg, 'logo.svg') })).status).toBe(
      200,
    );
    const res = await as('admin', '/api/config/logo?show=true&remove=true', { method: 'POST' });
    expect(res.body).toEqual({ show: true, url: null });
    expect((await fetch(`${t.base}/api/config/logo/image`)).status).toBe(404);
  });
});
