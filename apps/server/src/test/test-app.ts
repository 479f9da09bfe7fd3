import type { FastifyInstance } from 'fastify';
import { request } from 'node:http';
import { afterAll, beforeAll } from 'vitest';
import type { z } from 'zod';
import { desc, eq } from 'drizzle-orm';
import { ErrorBodySchema, type ErrorBody } from '@aula/contracts';
import { buildApp, type BuildAppOptions } from '../app.ts';
import type { Database } from '../db/index.ts';
import type { Clock } from '../lib/clock.ts';
import { auditLog, users } from '../db/schema.ts';
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

export type StartOptions = Partial<Omit<BuildAppOptions, 'database'>> & {
  /** seed the demo school (default true) */
  demo?: boolean;
  /** a database of the caller's, left open at close; default: a fresh one, dropped at close */
  database?: Database;
  /**
   * run the push worker as a server does: at start, on its poll and woken by every enqueue (default false:
   * the queue is sent only when the test calls `app.push.drain()`, so the rows a test seeds or looks at stay
   * where they are however slow the machine is)
   */
  pushWorker?: boolean;
};

/**
 * The real app on a real database, listening on a loopback port and called over HTTP. Test files use
 * setUpTestApp; this is for an app a test starts and closes itself (and for the e2e journeys).
 */
export async function startTestApp(opts: StartOptions = {}): Promise<TestApp> {
  const database = opts.database ?? (await createTestDatabase());
  if (opts.demo !== false) await seedDemoSchoolIfEmpty(database.db, { password: DEMO_PASSWORD });
  const { pushWorker = false, ...appOpts } = opts;
  const app = await buildApp({
    secretKey: TEST_SECRET_KEY,
    ...appOpts,
    database,
    push: { ...opts.push, manual: !pushWorker },
  });
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

/**
 * The clock a test app runs on (docs/decisions/007-injected-clock.md), which the test moves instead of
 * waiting. It follows the system time, shifted by every advance, until set; once set it stands still and
 * moves only when the test moves it.
 */
export interface TestClock extends Clock {
  /** the clock's time in milliseconds, as Date.now() */
  now(): number;
  /** stops the clock at this time */
  set(at: number | string | Date): void;
  /** moves the clock on by `ms` (back, if negative) and returns the new time */
  advance(ms: number): number;
}

export function testClock(start?: number | string | Date): TestClock {
  let fixed: number | undefined = start === undefined ? undefined : new Date(start).getTime();
  let offset = 0;
  const now = () => fixed ?? Date.now() + offset;
  return Object.assign(() => new Date(now()), {
    now,
    set: (at: number | string | Date) => void (fixed = new Date(at).getTime()),
    advance: (ms: number) => {
      if (fixed === undefined) offset += ms;
      else fixed += ms;
      return now();
    },
  });
}

export interface SetUpOptions extends Omit<StartOptions, 'clock'> {
  /** where the clock stands at the start; without it the clock follows the system time */
  now?: number | string | Date;
  /** run on the database of another test app of this file (started before this one) instead of a fresh one */
  databaseOf?: TestApp;
}

/** A test file's app, with its clock and the HTTP helpers bound to its address. */
export interface TestContext extends TestApp {
  clock: TestClock;
  call<T = unknown>(path: string, opts?: CallOptions): Promise<CallResult<T>>;
  callAs<S extends z.ZodType>(schema: S, path: string, opts?: CallOptions): Promise<CallResult<z.output<S>>>;
  callError(path: string, opts?: CallOptions): Promise<CallResult<ErrorBody>>;
  loginAs(username: string, password?: string): Promise<string>;
}

/**
 * The one way a test file builds its app: registers beforeAll (start) and afterAll (close) in the file or
 * describe block it is called in, and returns the app at once; its fields are there from the start of the
 * first test (the clock at once). The app always runs on the returned clock. Options that exist only once
 * other set-up has run (a port, a built folder) come from a function, called in the beforeAll.
 */
export function setUpTestApp(
  options: SetUpOptions | (() => SetUpOptions | Promise<SetUpOptions>) = {},
): TestContext {
  const clock = testClock(typeof options === 'function' ? undefined : options.now);
  let started: TestApp | undefined;
  const running = (): TestApp => {
    if (!started) throw new Error('the test app is not running (setUpTestApp starts it in beforeAll)');
    return started;
  };
  beforeAll(async () => {
    const { now, databaseOf, ...opts } = typeof options === 'function' ? await options() : options;
    if (now !== undefined) clock.set(now);
    started = await startTestApp({
      ...opts,
      clock,
      ...(databaseOf ? { database: databaseOf.database } : {}),
    });
  });
  const close = async () => {
    const app = started;
    started = undefined;
    await app?.close();
  };
  afterAll(close);
  return {
    clock,
    get app() {
      return running().app;
    },
    get database() {
      return running().database;
    },
    get base() {
      return running().base;
    },
    /** closes it now (afterAll then has nothing left to close) */
    close,
    call: (path, opts) => call(running().base, path, opts),
    callAs: (schema, path, opts) => callAs(schema, running().base, path, opts),
    callError: (path, opts) => callError(running().base, path, opts),
    loginAs: (username, password) => loginAs(running().base, username, password),
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

/**
 * Plain HTTP against the running server; state-changing calls carry the CSRF header unless told not to. The
 * body is `unknown` unless the caller names its type: a test that reads it uses `callAs` (a 2xx answer, checked
 * against the contract's schema) or `callError` (an error answer, checked against the one error body).
 */
export async function call<T = unknown>(
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
  // the event stream (GET /api/events) never ends by itself: its status and headers are the answer
  if (res.headers.get('content-type')?.startsWith('text/event-stream')) {
    await res.body?.cancel();
    return { status: res.status, headers: res.headers, body: undefined as T, text: '' };
  }
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, headers: res.headers, body: body as T, text };
}

/**
 * `call` for a 2xx answer whose body the contract describes: anything else (another status, a body outside
 * the schema) fails the test with what came back, and `res.body` is the schema's type, not `any`.
 */
export async function callAs<S extends z.ZodType>(
  schema: S,
  base: string,
  path: string,
  opts: CallOptions = {},
): Promise<CallResult<z.output<S>>> {
  return answerAs(schema, await call<unknown>(base, path, opts), `${opts.method ?? 'call'} ${path}`);
}

/**
 * An answer `call` already got, checked as `callAs` checks it: for a helper that answers the plain result
 * (a sign-in round trip, an upload) which its callers read in either way.
 */
export function answerAs<S extends z.ZodType>(
  schema: S,
  res: CallResult<unknown>,
  what = 'the answer',
): CallResult<z.output<S>> {
  if (res.status < 200 || res.status > 299)
    throw new Error(`${what}: expected a 2xx answer, got ${res.status} ${res.text}`);
  const parsed = schema.safeParse(res.body);
  if (!parsed.success)
    throw new Error(`${what}: the body is outside its schema: ${parsed.error.message}\n${res.text}`);
  return { ...res, body: parsed.data };
}

/**
 * `call` for an answer that is an error (spec 8): anything else (a 2xx answer, a body that is not the one error
 * body of the contract) fails the test with what came back, and `res.body` is an `ErrorBody`. The test still
 * checks the status it expects.
 */
export async function callError(
  base: string,
  path: string,
  opts: CallOptions = {},
): Promise<CallResult<ErrorBody>> {
  return errorOf(await call<unknown>(base, path, opts), `${opts.method ?? 'call'} ${path}`);
}

/** An answer `call` already got, checked as `callError` checks it (see `answerAs`). */
export function errorOf(res: CallResult<unknown>, what = 'the answer'): CallResult<ErrorBody> {
  if (res.status >= 200 && res.status <= 299)
    throw new Error(`${what}: expected an error answer, got ${res.status} ${res.text}`);
  const parsed = ErrorBodySchema.safeParse(res.body);
  if (!parsed.success)
    throw new Error(`${what}: the body is not an error body: ${parsed.error.message}\n${res.text}`);
  return { ...res, body: parsed.data };
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
      if (String(res.headers['content-type']).startsWith('text/event-stream')) res.destroy();
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      const answer = () => {
        const h = new Headers();
        for (const [k, v] of Object.entries(res.headers)) {
          for (const value of Array.isArray(v) ? v : v === undefined ? [] : [v]) h.append(k, value);
        }
        resolve(new Response(Buffer.concat(chunks), { status: res.statusCode ?? 0, headers: h }));
      };
      res.on('end', answer);
      // an event stream is cut off after its headers (see call)
      res.on('close', answer);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The demo school's users by username → id (a user of another school may share a username). */
export async function userIds(t: Pick<TestApp, 'database'>): Promise<Map<string, number>> {
  const rows = await t.database.db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(eq(users.schoolId, await demoSchoolId(t)));
  return new Map(rows.map((row) => [row.username, row.id]));
}

/** The demo school's id (the school of the demo student). */
export async function demoSchoolId(t: Pick<TestApp, 'database'>): Promise<number> {
  const [row] = await t.database.db
    .select({ schoolId: users.schoolId })
    .from(users)
    .where(eq(users.username, 'student'));
  if (!row) throw new Error('the demo school is missing');
  return row.schoolId;
}

/** The newest audit entry with this action, any school. */
export async function lastAudit(t: Pick<TestApp, 'database'>, action: string) {
  const [row] = await t.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

/** An answer as a client from one address sees it. */
export interface AddressedAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any;
}

/**
 * A state-changing JSON request from a given loopback address: the whole of 127/8 reaches the server, and the
 * socket's source address is what the server sees as req.ip (no proxy header is trusted). For the limits that
 * count per address (sign-in, decision 026 and 074).
 */
export function postFrom(
  base: string,
  path: string,
  opts: { ip: string; body: unknown; cookie?: string },
): Promise<AddressedAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}${path}`,
      {
        method: 'POST',
        localAddress: opts.ip,
        headers: {
          'content-type': 'application/json',
          'x-aula-csrf': '1',
          ...(opts.cookie ? { cookie: opts.cookie } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: JSON.parse(Buffer.concat(chunks).toString() || 'null'),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(opts.body));
  });
}
