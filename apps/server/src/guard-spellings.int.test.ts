import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import { buildApp } from './app.ts';
import type { Database } from './db/index.ts';
import { seedDemoSchoolIfEmpty } from './demo/seed.ts';
import { looksLikeApi } from './plugins/request-guard.ts';
import { createTestDatabase } from './test/test-db.ts';
import { DEMO_PASSWORD, loginAs, TEST_SECRET_KEY } from './test/test-app.ts';
import type { FastifyInstance } from 'fastify';

// SECURITY.md "Access" and issue 16: the guard decides on the route the router matched, never on how the
// URL is spelled. Every route of the policy table, under every spelling an attacker tried, must not reach
// a handler that the canonical spelling keeps out.

let database: Database;
let app: FastifyInstance;
let port = 0;
let studentCookie = '';
/** request ids that got past the guard and validation to a route's handler */
const reached = new Set<string>();

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoSchoolIfEmpty(database.db, { password: DEMO_PASSWORD });
  app = await buildApp({ database, secretKey: TEST_SECRET_KEY });
  app.addHook('preHandler', async (req) => {
    // the not-found handler runs hooks too, but it is no route's handler
    if (!req.is404) reached.add(req.id);
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  port = Number(new URL(base).port);
  studentCookie = await loginAs(base, 'student');
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

interface Sent {
  status: number;
  reachedHandler: boolean;
}

/** Sends the path exactly as written: fetch() and URL objects would tidy dot segments and slashes away. */
function send(method: string, path: string, headers: Record<string, string> = {}): Promise<Sent> {
  const body = method === 'GET' || method === 'HEAD' || method === 'DELETE' ? undefined : '{}';
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        res.resume();
        res.on('end', () => {
          const id = String(res.headers['x-request-id'] ?? '');
          resolve({ status: res.statusCode ?? 0, reachedHandler: reached.has(id) });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const PARAMS: Record<string, string> = { id: '1', key: 'imprint', lang: 'de', group: '1' };
const encodeAll = (s: string) =>
  [...s].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join('');

/** The route's path with its parameters filled in, each written by `spell`. */
function fill(url: string, spell: (value: string) => string = (v) => v): string {
  return url.replace(/:(\w+)/g, (_, name: string) => spell(PARAMS[name] ?? '1')).replace('*', 'index.html');
}

/** The spellings of issue 16: the prefix, the separators and the parameters. */
function spellings(url: string): Record<string, string> {
  const path = fill(url);
  const rest = path.slice('/api'.length);
  return {
    '%61pi': `/%61pi${rest}`,
    '%2561pi': `/%2561pi${rest}`,
    'upper case': `/API${rest}`,
    'doubled slash': `//api${rest}`,
    'leading dot segment': `/./api${rest}`,
    'inner dot segment': `/api/.${rest}`,
    'dot-dot segment': `/api/x/..${rest}`,
    ';x parameter': `/api;x${rest}`,
    'trailing slash': `${path}/`,
    '%2F separator': `/api${rest.replace('/', '%2F')}`,
    'encoded parameters': fill(url, encodeAll),
    'double-encoded parameters': fill(url, (v) => encodeAll(v).replace(/%/g, '%25')),
    'encoded everything': path.replace(/[a-z]/g, (c) => encodeAll(c)),
  };
}

function routes() {
  return app.apiRoutes.filter((r) => r.method !== 'HEAD');
}

describe('the request guard decides on the matched route, not on the spelling of the URL', () => {
  it('a visitor: no spelling reaches a handler that the canonical spelling refuses', async () => {
    let refused = 0;
    for (const route of routes()) {
      const canonical = await send(route.method, fill(route.url), { 'x-aula-csrf': '1' });
      if (canonical.reachedHandler) continue;
      refused++;
      for (const [name, path] of Object.entries(spellings(route.url))) {
        const res = await send(route.method, path, { 'x-aula-csrf': '1' });
        const label = `${name}: ${route.method} ${path} -> ${res.status} (canonical ${canonical.status})`;
        expect(res.reachedHandler, label).toBe(false);
        expect(res.status, label).toBeLessThan(500);
      }
    }
    // most of the API needs a session: the walk must have covered them
    expect(refused).toBeGreaterThan(50);
  });

  it('a cross-site request with a session: no spelling gets past the CSRF check', async () => {
    let refused = 0;
    for (const route of routes().filter((r) => r.method !== 'GET')) {
      const headers = { cookie: studentCookie, origin: 'https://evil.example' };
      const canonical = await send(route.method, fill(route.url), headers);
      if (canonical.reachedHandler) continue;
      refused++;
      expect(canonical.status, `${route.method} ${route.url}`).toBe(403);
      for (const [name, path] of Object.entries(spellings(route.url))) {
        const res = await send(route.method, path, headers);
        expect(res.reachedHandler, `${name}: ${route.method} ${path} -> ${res.status}`).toBe(false);
      }
    }
    expect(refused).toBeGreaterThan(30);
  });

  it('the attacks of issue 16 are refused: /%61pi/config/settings and /%61pi/status answer 401 to a visitor', async () => {
    expect((await send('GET', '/%61pi/config/settings')).status).toBe(401);
    expect((await send('GET', '/%61pi/status')).status).toBe(401);
    expect((await send('POST', '/%61pi/cim/import', { 'x-aula-csrf': '1' })).status).toBe(401);
    // the same route reached with a session is still the same route: a student is not an admin
    expect((await send('GET', '/%61pi/status', { cookie: studentCookie })).status).toBe(403);
  });

  it('a request for an unknown API route is a 404, however it is spelled', async () => {
    for (const path of ['/api/nope', '/%61pi/nope', '/API/nope', '//api/nope']) {
      const res = await send('GET', path);
      expect(res.status, path).toBe(404);
      expect(res.reachedHandler, path).toBe(false);
    }
  });
});

describe('looksLikeApi (the 404 and the SPA fallback, which no route matched)', () => {
  it('sees /api behind every spelling', () => {
    for (const path of [
      '/api/x',
      '/%61pi/x',
      '/%2561pi/x',
      '/API/x',
      '//api/x',
      '/./api/x',
      '/x/../api/x',
      '/api;x/y',
      '/%2Fapi/x',
      '\\api\\x',
    ])
      expect(looksLikeApi(path), path).toBe(true);
  });

  it('leaves the pages of the web app alone', () => {
    for (const path of ['/', '/login', '/app/apidocs', '/dashboard/messages', '/b/api', '/%zz'])
      expect(looksLikeApi(path), path).toBe(false);
  });
});
