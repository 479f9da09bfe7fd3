import { afterAll, describe, expect, it } from 'vitest';
import { openDb, type Database } from './db/index.ts';
import { createTestDatabase, adminQuery } from './test/test-db.ts';
import { startTcpProxy } from './test/tcp-proxy.ts';
import { call, callError, loginAs, setUpTestApp } from './test/test-app.ts';

// PostgreSQL server only: PGlite runs inside the process and cannot go away.
let owner: Database & { url?: string };
let proxied: Database;
let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
let dbName = '';
// after the app closed (after-all hooks run in reverse order)
afterAll(async () => {
  await proxied?.close().catch(() => undefined);
  await proxy?.close();
  await owner?.close();
});

// the app reaches the database through a TCP proxy on loopback, which the tests cut
const t = setUpTestApp(async () => {
  owner = await createTestDatabase();
  const target = new URL(owner.url!);
  dbName = target.pathname.slice(1);
  proxy = await startTcpProxy(Number(target.port || 5432), target.hostname);
  const viaProxy = new URL(owner.url!);
  viaProxy.host = `127.0.0.1:${proxy.port}`;
  proxied = await openDb({ url: viaProxy.toString(), poolSize: 4 });
  return { database: proxied };
});

describe('staying up (PostgreSQL server)', () => {
  it('a PostgreSQL restart that kills every connection does not kill the server; the next request works', async () => {
    const cookie = await loginAs(t.base, 'student');
    expect((await call(t.base, '/api/layout', { cookie })).status).toBe(200);
    // what a restart does to the pool: the server terminates every backend of our database
    const killed = await adminQuery(
      process.env.DATABASE_URL!,
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [dbName],
    );
    expect(killed.rowCount).toBeGreaterThan(0);
    await expect
      .poll(async () => (await call(t.base, '/api/layout', { cookie })).status, { timeout: 5_000 })
      .toBe(200);
  });

  it('during an outage requests answer 503 with Retry-After, and service resumes once the database is back', async () => {
    const cookie = await loginAs(t.base, 'teacher');
    await proxy.cut();
    const layout = await callError(t.base, '/api/layout', { cookie });
    expect(layout.status).toBe(503);
    expect(layout.body.code).toBe('common.unavailable');
    expect(Number(layout.headers.get('retry-after'))).toBeGreaterThan(0);
    const login = await call(t.base, '/api/login', { body: { username: 'student', password: 'whatever' } });
    expect(login.status).toBe(503);
    const health = await call(t.base, '/api/health');
    expect(health.status).toBe(503);
    expect(health.body).toEqual({ status: 'degraded', db: 'down' });

    await proxy.restore();
    await expect
      .poll(async () => (await call(t.base, '/api/layout', { cookie })).status, { timeout: 5_000 })
      .toBe(200);
    expect((await call(t.base, '/api/health')).body).toEqual({ status: 'ok', db: 'up' });
  });
});
