import { describe, expect, it } from 'vitest';
import { amplificationSvg, filterSvg } from '../test/svg-amplification.ts';
import { SvgRenderer } from './svg-render.ts';
import { imageOwner } from './image-limiter.ts';
import { checkDownload, iconToPng, looksLikeSvg } from './uploads.ts';

const OWNER = imageOwner(1, null);

const svg = (text: string) => looksLikeSvg(Buffer.from(text));

describe('looksLikeSvg', () => {
  it.each([
    '<svg xmlns="http://www.w3.org/2000/svg"/>',
    '<svg>',
    '\uFEFF<svg viewBox="0 0 1 1"></svg>',
    '<?xml version="1.0"?>\n<!-- made by hand -->\n<svg width="1"/>',
    '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n<svg/>',
    '<!doctype svg [ <!ATTLIST svg x CDATA "y"> ]>\n<svg/>',
    '  \n\t<svg></svg>',
  ])('an SVG root: %j', (text) => {
    expect(svg(text)).toBe(true);
  });

  it.each([
    '',
    '<svgfoo/>',
    '<html><svg/></html>',
    '<?xml version="1.0"?><html/>',
    '<!-- never closed <svg/>',
    'hello <svg/>',
    '%PDF-1.4',
    '<SVG></SVG>', // XML names are case-sensitive
  ])('not an SVG: %j', (text) => {
    expect(svg(text)).toBe(false);
  });

  it('stays fast on hostile input', () => {
    const started = Date.now();
    svg(' '.repeat(500_000) + '<!--' + '-'.repeat(500_000));
    svg('<?'.repeat(300_000));
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

describe('iconToPng', () => {
  it('refuses an SVG with entity declarations (XML bombs)', async () => {
    const bomb =
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaa">]><svg xmlns="http://www.w3.org/2000/svg">&a;</svg>';
    await expect(iconToPng(Buffer.from(bomb), OWNER)).rejects.toMatchObject({
      status: 415,
      code: 'upload.invalid_type',
    });
  });

  it('refuses the "billion laughs" of nested <use> unrendered, at once (issue 16)', async () => {
    const started = Date.now();
    await expect(iconToPng(amplificationSvg(), OWNER)).rejects.toMatchObject({
      status: 415,
      code: 'upload.too_complex',
    });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('refuses the review’s filter SVG (600 turbulence filters) unrendered, at once', async () => {
    const started = Date.now();
    for (const svg of [filterSvg(600, 10), filterSvg(600, 1)])
      await expect(iconToPng(svg, OWNER)).rejects.toMatchObject({ status: 415, code: 'upload.too_complex' });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('refuses bytes that claim to be an image but do not decode', async () => {
    const broken = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(64),
    ]);
    await expect(iconToPng(broken, OWNER)).rejects.toMatchObject({ status: 415 });
  });

  it('renders a small SVG at icon size', async () => {
    const png = await iconToPng(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="8"><rect width="16" height="8"/></svg>',
      ),
      OWNER,
    );
    expect(png.readUInt32BE(16)).toBe(256); // IHDR width
    expect(png.readUInt32BE(20)).toBe(128);
  });
});

describe('checkDownload', () => {
  it('names the file after the upload, with the extension of the detected type', async () => {
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    expect(await checkDownload(pdf, '../../etc/Plan <2026>.exe')).toEqual({
      mime: 'application/pdf',
      name: 'Plan _2026_.pdf',
    });
    expect((await checkDownload(pdf, '.hidden')).name).toBe('download.pdf');
  });
});

describe('SvgRenderer', () => {
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  const small = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8"/></svg>',
  );

  it('kills a render over the time limit, answers too complex, and starts a new child for the next', async () => {
    const renderer = new SvgRenderer();
    const release = renderer.retain();
    try {
      expect((await renderer.render(small, 16, 1e6)).readUInt32BE(16)).toBe(16);
      const first = renderer.pid!;
      renderer.timeLimitMs = 50;
      // within the check's limits, about a second of librsvg
      await expect(renderer.render(filterSvg(40, 8), 256, 1e6)).rejects.toMatchObject({
        status: 415,
        code: 'upload.too_complex',
      });
      expect(alive(first)).toBe(false);
      renderer.timeLimitMs = 10_000;
      expect((await renderer.render(small, 16, 1e6)).readUInt32BE(16)).toBe(16);
      expect(renderer.pid).not.toBe(first);
    } finally {
      await release();
    }
    expect(renderer.pid).toBe(undefined);
  });

  it('answers bytes librsvg cannot read with its error, and keeps the child', async () => {
    const renderer = new SvgRenderer();
    const release = renderer.retain();
    try {
      await renderer.render(small, 16, 1e6);
      const pid = renderer.pid!;
      await expect(renderer.render(Buffer.from('<svg><g></svg>'), 16, 1e6)).rejects.toThrow();
      expect(renderer.pid).toBe(pid);
    } finally {
      await release();
    }
    expect(renderer.pid).toBe(undefined);
  });
});
