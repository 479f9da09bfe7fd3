import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { layouts } from './db/schema.ts';
import { makeSchool } from './test/factories.ts';
import { z } from 'zod';
import { call, callAs, callError, setUpTestApp, startTestApp } from './test/test-app.ts';

/** The part of the OpenAPI document these tests read. */
const OpenApiDocSchema = z.object({
  // all of info, as sent: the test compares it whole
  info: z.record(z.string(), z.unknown()),
  paths: z.record(
    z.string(),
    z.record(
      z.string(),
      z.object({
        requestBody: z
          .object({
            content: z.record(
              z.string(),
              z.object({ schema: z.object({ required: z.array(z.string()).optional() }) }),
            ),
          })
          .optional(),
      }),
    ),
  ),
});

const t = setUpTestApp();

const expectSecurityHeaders = (headers: Headers) => {
  expect(headers.get('content-security-policy')).toContain("object-src 'none'");
  expect(headers.get('content-security-policy')).toContain("base-uri 'none'");
  expect(headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('x-powered-by')).toBeNull();
  expect(headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
};

describe('platform', () => {
  it('GET /api/health reports the database as up', async () => {
    const res = await call(t.base, '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', db: 'up' });
    expectSecurityHeaders(res.headers);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('health answers even before any school exists', async () => {
    const empty = await startTestApp({ demo: false });
    try {
      const res = await call(empty.base, '/api/health');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'ok', db: 'up' });
    } finally {
      await empty.close();
    }
  });

  it('an unknown API path is a JSON 404 with the security headers', async () => {
    const res = await call(t.base, '/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 'common.not_found', message: 'Not Found' });
    expectSecurityHeaders(res.headers);
  });

  it('the OpenAPI document lists the routes with their schemas', async () => {
    const res = await callAs(OpenApiDocSchema, t.base, '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.info).toEqual({ title: 'Aula API', version: '1.0' });
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining(['/api/login', '/api/layout', '/api/self']),
    );
    expect(
      res.body.paths['/api/login']?.post?.requestBody?.content['application/json']?.schema.required,
    ).toEqual(['username', 'password']);
    const docs = await call(t.base, '/api/docs/');
    expect(docs.status).toBe(200);
    expect(docs.text).toContain('swagger');
  });

  it('an unexpected failure is a 500 without stack, SQL or paths, with the security headers', async () => {
    const other = await startTestApp({ demo: false });
    try {
      const school = await makeSchool(other, { slug: 'broken', name: 'Kaputt', host: null, isDefault: true });
      await other.database.db.insert(layouts).values({ schoolId: school.id, category: 'logged-out' });
      await other.database.db.execute(sql`drop table layout_items cascade`);
      const res = await call(other.base, '/api/layout');
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ code: 'common.internal', message: 'Internal Server Error' });
      expect(res.text).not.toMatch(/layout_items|select|at |\.ts/);
      expectSecurityHeaders(res.headers);
    } finally {
      await other.close();
    }
  });

  it('a body over the size limit is refused with 413', async () => {
    const res = await callError(t.base, '/api/login', {
      rawBody: JSON.stringify({ username: 'a', password: 'x'.repeat(1_100_000) }),
    });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('common.payload_too_large');
  });
});
