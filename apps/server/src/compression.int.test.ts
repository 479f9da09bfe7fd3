import { afterAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { negotiateEncoding } from './plugins/compression.ts';
import { loginAs, setUpTestApp } from './test/test-app.ts';

// issue 17: static files go out as compressed at build time (apps/web/scripts/precompress.mjs), API JSON
// over 1 KB is compressed per answer, and neither touches a 304 or a missing asset.
const precompress = fileURLToPath(new URL('../../web/scripts/precompress.mjs', import.meta.url));
const line = (i: number) => `/* line ${i}: ${'a'.repeat(i % 50)} */\n`;
const filler = (n: number) => Array.from({ length: n }, (_, i) => line(i)).join('');

const FILES: Record<string, string> = {
  'index.html': `<!doctype html><html lang="de"><head><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div><!--${filler(60)}--></body></html>`,
  'assets/app-abc123.js': `export const answer = 42;\n${filler(120)}`,
  'assets/style-abc123.css': `body { margin: 0 }\n${filler(80)}`,
  'sw.js': `self.addEventListener('install', () => {});\n${filler(60)}`,
  'manifest.webmanifest': JSON.stringify({ name: 'Aula', description: filler(40) }),
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
};

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One GET with exactly these headers (fetch would add Accept-Encoding and decompress). */
function rawGet(base: string, path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(base + path, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

let dist: string;

// the web build's folder, precompressed as the build does it
const t = setUpTestApp(() => {
  dist = mkdtempSync(join(tmpdir(), 'aula-dist-'));
  mkdirSync(join(dist, 'assets'));
  for (const [name, text] of Object.entries(FILES)) writeFileSync(join(dist, name), text);
  execFileSync(process.execPath, [precompress, dist]);
  return { webDist: dist };
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const PAGES = [
  // not /index.html: the service worker's copy of the app is a page now, answered with its own CSP nonce and
  // compressed per answer (decision 080; start-page.int.test.ts checks it)
  {
    path: '/assets/app-abc123.js',
    file: 'assets/app-abc123.js',
    type: 'javascript',
    cache: 'public, max-age=31536000, immutable',
  },
  {
    path: '/assets/style-abc123.css',
    file: 'assets/style-abc123.css',
    type: 'text/css',
    cache: 'public, max-age=31536000, immutable',
  },
  { path: '/sw.js', file: 'sw.js', type: 'javascript', cache: 'no-cache' },
  // not /manifest.webmanifest: it carries the school's name, made per request (plugins/web-manifest.ts, under
  // 1 KB; config/school.int.test.ts checks it)
];

describe('static files are served as compressed at build time', () => {
  it('the build script writes .br and .gz beside text files over 1 KB only, the same bytes every run', () => {
    const before = readFileSync(join(dist, 'assets/app-abc123.js.br'));
    execFileSync(process.execPath, [precompress, dist]);
    expect(readFileSync(join(dist, 'assets/app-abc123.js.br')).equals(before)).toBe(true);
    expect(() => readFileSync(join(dist, 'favicon.svg.br'))).toThrow();
    expect(brotliDecompressSync(before).toString()).toBe(FILES['assets/app-abc123.js']);
    expect(gunzipSync(readFileSync(join(dist, 'index.html.gz'))).toString()).toBe(FILES['index.html']);
  });

  for (const page of PAGES) {
    it(`${page.path} comes back brotli with br accepted, gzip with only gzip, raw with neither`, async () => {
      const original = FILES[page.file]!;
      const br = await rawGet(t.base, page.path, { 'accept-encoding': 'gzip, deflate, br' });
      const gz = await rawGet(t.base, page.path, { 'accept-encoding': 'gzip' });
      const raw = await rawGet(t.base, page.path);
      for (const res of [br, gz, raw]) {
        expect(res.status).toBe(200);
        expect(String(res.headers['content-type'])).toContain(page.type);
        expect(res.headers['content-type']).toBe(raw.headers['content-type']);
        expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
        expect(res.headers['cache-control']).toBe(page.cache);
        expect(res.headers['last-modified']).toBeTruthy();
        expect(Number(res.headers['content-length'])).toBe(res.body.length);
      }
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.body).toString()).toBe(original);
      // the canary: the bytes sent are the file compressed at build time, not a compression per request
      expect(br.body.equals(readFileSync(join(dist, `${page.file}.br`)))).toBe(true);
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.body).toString()).toBe(original);
      expect(gz.body.equals(readFileSync(join(dist, `${page.file}.gz`)))).toBe(true);
      expect(raw.headers['content-encoding']).toBeUndefined();
      expect(raw.body.toString()).toBe(original);
      expect(new Set([br.headers.etag, gz.headers.etag, raw.headers.etag]).size).toBe(3);
    });
  }

  it("an encoding's ETag revalidates its own body only", async () => {
    const path = '/assets/app-abc123.js';
    const br = await rawGet(t.base, path, { 'accept-encoding': 'br' });
    const etag = String(br.headers.etag);
    const sameEncoding = await rawGet(t.base, path, { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(sameEncoding.status).toBe(304);
    expect(sameEncoding.body.length).toBe(0);
    const otherEncoding = await rawGet(t.base, path, { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(otherEncoding.status).toBe(200);
    expect(otherEncoding.headers['content-encoding']).toBe('gzip');
    const identity = await rawGet(t.base, path, { 'if-none-match': etag });
    expect(identity.status).toBe(200);
    expect(identity.headers['content-encoding']).toBeUndefined();
  });

  it('a refused encoding is not sent (br;q=0)', async () => {
    const res = await rawGet(t.base, '/assets/app-abc123.js', { 'accept-encoding': 'br;q=0, gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('a file of 1 KB or less goes out as it is', async () => {
    const res = await rawGet(t.base, '/favicon.svg', { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString()).toBe(FILES['favicon.svg']);
  });

  it('a missing asset is a JSON 404 in every encoding, never the HTML page', async () => {
    const variants: Record<string, string>[] = [
      { 'accept-encoding': 'br, gzip' },
      { 'accept-encoding': 'gzip' },
      {},
    ];
    for (const headers of variants) {
      const res = await rawGet(t.base, '/assets/nope.js', headers);
      expect(res.status).toBe(404);
      expect(String(res.headers['content-type'])).toContain('application/json');
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(res.body.toString())).toMatchObject({ code: 'common.not_found' });
    }
  });
});

describe('API answers are compressed over 1 KB', () => {
  it('a JSON answer over 1 KB is compressed when accepted, and equals the uncompressed one', async () => {
    const raw = await rawGet(t.base, '/api/openapi.json');
    expect(raw.body.length).toBeGreaterThan(1024);
    expect(raw.headers['content-encoding']).toBeUndefined();
    const br = await rawGet(t.base, '/api/openapi.json', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('no-store');
    expect(String(br.headers['content-type'])).toContain('application/json');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(raw.body.length);
    expect(brotliDecompressSync(br.body).equals(raw.body)).toBe(true);
    const gz = await rawGet(t.base, '/api/openapi.json', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(raw.body)).toBe(true);
  });

  it('a small JSON answer goes out as it is', async () => {
    const res = await rawGet(t.base, '/api/health', { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeLessThanOrEqual(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString())).toMatchObject({ status: 'ok' });
  });

  it("the layout's 304 has no body and no Content-Encoding, also for the ETag of a compressed answer", async () => {
    const cookie = await loginAs(t.base, 'student');
    const full = await rawGet(t.base, '/api/layout', { cookie, 'accept-encoding': 'br, gzip' });
    expect(full.status).toBe(200);
    const layout = JSON.parse(
      (full.headers['content-encoding'] === 'br' ? brotliDecompressSync(full.body) : full.body).toString(),
    ) as { version: string };
    for (const ifNoneMatch of [`"${layout.version}"`, String(full.headers.etag)]) {
      const res = await rawGet(t.base, '/api/layout', {
        cookie,
        'accept-encoding': 'br, gzip',
        'if-none-match': ifNoneMatch,
      });
      expect(res.status).toBe(304);
      expect(res.body.length).toBe(0);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['content-length']).toBeUndefined();
    }
  });
});

describe('Accept-Encoding', () => {
  it('prefers brotli, honours q=0 and the wildcard', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('br;q=0, *')).toBe('gzip');
  });
});
