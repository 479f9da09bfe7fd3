// The file store's entrance on its own (decision 053): the size limit holds even when a caller did not read
// the upload through a limited stream, and the kind decides what an image becomes.
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { MAX_ICON_BYTES } from '@aula/contracts';
import { AppError } from '../../lib/app-error.ts';
import { demoPdf } from '../../demo/demo-pdf.ts';
import { imageOwner } from '../../lib/image-limiter.ts';
import { leastStoredBytes, prepareUpload, UPLOAD_LIMITS } from './file-checks.ts';

const OWNER = imageOwner(1, null);

const png = () =>
  sharp({ create: { width: 600, height: 300, channels: 3, background: '#36c' } })
    .png()
    .toBuffer();

describe('prepareUpload', () => {
  it('refuses an upload over its kind’s limit with 413 upload.too_large and the limit in MB', async () => {
    const big = Buffer.concat([await png(), Buffer.alloc(MAX_ICON_BYTES)]);
    const err = await prepareUpload('icon', { data: big }, OWNER).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ status: 413, code: 'upload.too_large', params: { max: 1 } });
    expect(UPLOAD_LIMITS).toEqual({
      icon: 1024 * 1024,
      logo: 1024 * 1024,
      'login-bg': 8 * 1024 * 1024,
      download: 20 * 1024 * 1024,
      photo: 25 * 1024 * 1024,
    });
  });

  it('makes an icon a 256 px PNG, a logo a 512 px PNG, a background a WebP, a download keeps its format', async () => {
    const data = await png();
    const icon = await prepareUpload('icon', { data }, OWNER);
    const logo = await prepareUpload('logo', { data }, OWNER);
    const bg = await prepareUpload('login-bg', { data }, OWNER);
    const download = await prepareUpload('download', { data, filename: 'Plan.webp' }, OWNER);
    expect([icon.name, icon.mime, (await sharp(icon.data).metadata()).width]).toEqual([
      'icon.png',
      'image/png',
      256,
    ]);
    expect([logo.mime, (await sharp(logo.data).metadata()).width]).toEqual(['image/png', 512]);
    expect([bg.name, bg.mime, (await sharp(bg.data).metadata()).format]).toEqual([
      'login-background.webp',
      'image/webp',
      'webp',
    ]);
    expect([download.name, download.mime, (await sharp(download.data).metadata()).width]).toEqual([
      'Plan.png',
      'image/png',
      600,
    ]);
  });

  it('keeps every frame of an animated GIF download', async () => {
    const frame = (background: string) =>
      sharp({ create: { width: 8, height: 8, channels: 4, background } })
        .png()
        .toBuffer();
    const gif = await sharp([await frame('#f00'), await frame('#00f')], { join: { animated: true } })
      .gif()
      .toBuffer();
    expect((await sharp(gif, { animated: true }).metadata()).pages).toBe(2);
    const out = await prepareUpload('download', { data: gif, filename: 'a.gif' }, OWNER);
    expect(out.mime).toBe('image/gif');
    expect((await sharp(out.data, { animated: true }).metadata()).pages).toBe(2);
  });

  it('counts a PDF download at its size and an image, re-encoded later, at one byte for the cheap quota check', async () => {
    const pdf = demoPdf(['Arbeitsblatt']);
    const image = await png();
    expect(await leastStoredBytes('download', pdf)).toBe(pdf.length);
    expect(await leastStoredBytes('download', image)).toBe(1);
    expect(await leastStoredBytes('icon', image)).toBe(1);
    expect(await leastStoredBytes('download', Buffer.alloc(0))).toBe(0);
  });
});
