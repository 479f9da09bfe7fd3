import { afterAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import helmet from '@fastify/helmet';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setUpTestApp, type TestApp } from './test/test-app.ts';

// Decision 046: the security headers are computed once at start-up instead of by @fastify/helmet on every
// request. They must stay byte for byte what helmet sent with the options app.ts gave it until then.
async function helmetHeaders(secure: boolean): Promise<Record<string, string>> {
  const app = Fastify();
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'"],
        'connect-src': ["'self'"],
        'frame-src': ["'self'", 'https:', 'http:'],
        'frame-ancestors': ["'none'"],
        'object-src': ["'none'"],
        'base-uri': ["'none'"],
        'form-action': ["'self'"],
        'upgrade-insecure-requests': secure ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
    strictTransportSecurity: secure,
  });
  app.get('/', async () => ({}));
  const res = await app.inject('/');
  await app.close();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers))
    if (!['content-type', 'content-length', 'date', 'connection'].includes(name))
      headers[name] = String(value);
  return headers;
}

let dist: string;
// two apps on one database, one on plain HTTP and one behind an https public URL
const http = setUpTestApp(() => {
  dist = mkdtempSync(join(tmpdir(), 'aula-dist-'));
  // as the web build writes it: a head and a body, where the start page puts its preload and data (decision 051)
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><title>Aula</title></head><body></body></html>',
  );
  return { webDist: dist };
});
const https = setUpTestApp(() => ({ databaseOf: http, webDist: dist, publicUrl: 'https://aula.example' }));
const apps: Record<'http' | 'https', TestApp> = { http, https };
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('security headers', () => {
  for (const scheme of ['http', 'https'] as const) {
    it(`are byte for byte helmet's on a page (but its CSP), an API answer, a 404 and a refused call (${scheme})`, async () => {
      const expected = await helmetHeaders(scheme === 'https');
      expect(Object.keys(expected).length).toBeGreaterThanOrEqual(11);
      const { base } = apps[scheme];
      for (const [path, status] of [
        ['/', 200],
        ['/some/page', 200],
        ['/api/health', 200],
        ['/api/nope', 404],
        ['/api/layout?layoutType=personal', 401],
      ] as const) {
        const res = await fetch(base + path);
        expect(res.status, path).toBe(status);
        for (const [name, value] of Object.entries(expected)) {
          // a page has a policy with a nonce of its own instead (decision 080; start-page.int.test.ts)
          if (name === 'content-security-policy' && res.headers.get('content-type')?.startsWith('text/html'))
            expect(res.headers.get(name), path).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'/);
          else expect(res.headers.get(name), `${path} ${name}`).toBe(value);
        }
        expect(res.headers.get('x-powered-by')).toBeNull();
      }
    });
  }
});
