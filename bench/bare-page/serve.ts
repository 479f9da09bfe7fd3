// Builds the bare reference page with the repository's Vite and serves it as a well-configured production
// server would: files precompressed at build time (brotli, gzip), hashed assets cached for a year, the HTML
// and the tiles revalidated with ETags. Aula is compared with this, so it must not be a straw man.
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';

const ROOT = fileURLToPath(new URL('.', import.meta.url));
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
};

interface Body {
  type: string;
  etag: string;
  raw: Buffer;
  br: Buffer;
  gzip: Buffer;
}

export interface BarePage {
  base: string;
  close: () => Promise<void>;
}

/** Builds the page into `outDir` (emptied first) and writes a .br and a .gz beside every text file. */
export async function buildBarePage(outDir: string): Promise<void> {
  await build({
    root: ROOT,
    configFile: false,
    mode: 'production',
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
  for (const file of readdirSync(outDir, { recursive: true, encoding: 'utf8' })) {
    if (!(extname(file) in TYPES)) continue;
    const raw = readFileSync(join(outDir, file));
    writeFileSync(join(outDir, file + '.br'), brotli(raw, 11));
    writeFileSync(join(outDir, file + '.gz'), gzipSync(raw, { level: 9 }));
  }
}

/** Serves a built page from `dir` and `GET /api/tiles` with `tileCount` tiles, on a loopback port. */
export async function serveBarePage(dir: string, tileCount: number): Promise<BarePage> {
  const files = new Map<string, Body>();
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const type = TYPES[extname(file)];
    if (!type) continue;
    const raw = readFileSync(join(dir, file));
    files.set('/' + relative(dir, join(dir, file)).replaceAll('\\', '/'), {
      type,
      etag: etagOf(raw),
      raw,
      br: readFileSync(join(dir, file + '.br')),
      gzip: readFileSync(join(dir, file + '.gz')),
    });
  }
  const tilesJson = Buffer.from(
    JSON.stringify({
      tiles: Array.from({ length: tileCount }, (_, i) => ({
        id: i + 1,
        title: `Kachel ${i + 1}`,
        url: `https://tile${i + 1}.example.org/`,
        color: `hsl(${(i * 37) % 360} 70% 45%)`,
      })),
    }),
  );
  // The API answer is compressed per request at a fast level, as a server compresses dynamic JSON.
  const tiles: Body = {
    type: TYPES['.json']!,
    etag: etagOf(tilesJson),
    raw: tilesJson,
    br: brotli(tilesJson, 4),
    gzip: gzipSync(tilesJson, { level: 4 }),
  };

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const body = path === '/api/tiles' ? tiles : files.get(path === '/' ? '/index.html' : path);
    if (!body || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const cacheControl = path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
    const headers = { etag: body.etag, 'cache-control': cacheControl, vary: 'accept-encoding' };
    if (req.headers['if-none-match'] === body.etag) {
      res.writeHead(304, headers).end();
      return;
    }
    const accepted = String(req.headers['accept-encoding'] ?? '');
    const [encoding, payload] =
      body.raw.length <= 1024
        ? [undefined, body.raw]
        : /\bbr\b/.test(accepted)
          ? ['br', body.br]
          : /\bgzip\b/.test(accepted)
            ? ['gzip', body.gzip]
            : [undefined, body.raw];
    res.writeHead(200, {
      ...headers,
      'content-type': body.type,
      'content-length': payload.length,
      ...(encoding ? { 'content-encoding': encoding } : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : payload);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    base: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

function brotli(raw: Buffer, quality: number): Buffer {
  return brotliCompressSync(raw, {
    params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
  });
}

function etagOf(raw: Buffer): string {
  return `"${createHash('sha1').update(raw).digest('base64url')}"`;
}
