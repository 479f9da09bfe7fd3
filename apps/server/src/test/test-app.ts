import type { FastifyInstance } from 'fastify';
import { request } from 'node:http';
import { desc, eq } from 'drizzle-orm';
import { buildApp, type BuildAppOptions } from '../app.ts';
import type { Database } from '../db/index.ts';
import { auditLog, config, users } from '../db/schema.ts';
import { seedDemoSchoolIfEmpty } from '../demo/seed.ts';
import { createTestDatabase } from './test-db.ts';

export const DEMO_PASSWORD = 'Test-Passwort-2026';
/** One key for every test app, so two apps on one database read each other's TOTP seeds. */
export const TEST_SECRET_KEY = Buffer.alloc(32, 7);

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  base: string;
  close: () => Promise<void>;
}

/** The real app on a real database, listening on a loopback port and called over HTTP. */
export async function startTestApp(
  opts: Partial<Omit<BuildAppOptions, 'database'>> & { demo?: boolean; database?: Database } = {},
): Promise<TestApp> {
  const database = opts.database ?? (await createTestDatabase());
  if (opts.demo !== false) await seedDemoSchoolIfEmpty(database.db, { password: DEMO_PASSWORD });
  const app = await buildApp({ secretKey: TEST_SECRET_KEY, ...opts, database });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    database,
    base,
    close: async () => {
      await app.close();
      if (!opts.database) await database.close();
    },
  };
}

export interface CallOptions {
  method?: string;
  body?: unknown;
  rawBody?: string;
  /** a multipart body; fetch sets the content type with its boundary */
  form?: FormData;
  cookie?: string;
  headers?: Record<string, string>;
  csrf?: boolean;
}

export interface CallResult<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** Plain HTTP against the running server; state-changing calls carry the CSRF header unless told not to. */
export async function call<T = any>(
  base: string,
  path: string,
  opts: CallOptions = {},
): Promise<CallResult<T>> {
  const method =
    opts.method ??
    (opts.body !== undefined || opts.rawBody !== undefined || opts.form !== undefined ? 'POST' : 'GET');
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.csrf !== false && method !== 'GET' && method !== 'HEAD') headers['x-aula-csrf'] = '1';
  let payload: string | undefined = opts.rawBody;
  if (opts.body !== undefined) payload = JSON.stringify(opts.body);
  if (payload !== undefined) headers['content-type'] ??= 'application/json';
  // fetch() cannot set Host, which selects the school (tenancy), so those calls use node:http
  const res = headers.host
    ? await rawRequest(base + path, method, headers, payload)
    : await fetch(base + path, { method, headers, body: opts.form ?? payload, redirect: 'manual' });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, headers: res.headers, body: body as T, text };
}

/** The cookie header a browser would send after this response. */
export function cookiesFrom(res: { headers: Headers }): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .join('; ');
}

export async function loginAs(base: string, username: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await call(base, '/api/login', { body: { username, password } });
  if (res.status !== 200) throw new Error(`login as ${username} failed: ${res.status} ${res.text}`);
  return cookiesFrom(res);
}

function rawRequest(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const h = new Headers();
        for (const [k, v] of Object.entries(res.headers)) {
          for (const value of Array.isArray(v) ? v : v === undefined ? [] : [v]) h.append(k, value);
        }
        resolve(new Response(Buffer.concat(chunks), { status: res.statusCode ?? 0, headers: h }));
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The demo school's users by username → id (a user of another school may share a username). */
export async function userIds(t: TestApp): Promise<Map<string, number>> {
  const rows = await t.database.db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(eq(users.schoolId, await demoSchoolId(t)));
  return new Map(rows.map((row) => [row.username, row.id]));
}

/** The demo school's id (the school of the demo student). */
export async function demoSchoolId(t: TestApp): Promise<number> {
  const [row] = await t.database.db
    .select({ schoolId: users.schoolId })
    .from(users)
    .where(eq(users.username, 'student'));
  if (!row) throw new Error('the demo school is missing');
  return row.schoolId;
}

/** The newest audit entry with this action, any school. */
export async function lastAudit(t: TestApp, action: string) {
  const [row] = await t.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

/** Writes a config key of the demo school straight into the database, as a setting saved elsewhere would be. */
export async function setConfigDirectly(t: TestApp, key: string, value: string): Promise<void> {
  const schoolId = await demoSchoolId(t);
  await t.database.db
    .insert(config)
    .values({ schoolId, key, value })
    .onConflictDoUpdate({ target: [config.schoolId, config.key], set: { value } });
  t.app.sessionSettings.forget(schoolId);
}
