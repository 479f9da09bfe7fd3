import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LISTENER_APPLICATION_NAME, openDb, type Database } from '../../db/index.ts';
import { adminQuery, createTestDatabase } from '../../test/test-db.ts';
import { startTcpProxy } from '../../test/tcp-proxy.ts';
import { demoSchoolId, loginAs, setUpTestApp } from '../../test/test-app.ts';
import { publishEvent } from './events.service.ts';
import { openSse, type SseStream } from './sse-reader.ts';

// PostgreSQL server only (decision 071): two server processes on one database, as two buildApp instances with
// a hub each. An event raised through one reaches a stream opened on the other; a lost LISTEN connection
// (its backend terminated, or the database away for a while) reconnects and catches up.

let owner: Database & { url?: string };
let proxied: Database;
let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
let dbName = '';
// after both apps closed (after-all hooks run in reverse order)
afterAll(async () => {
  await proxied?.close().catch(() => undefined);
  await proxy?.close();
  await owner?.close();
});

// process A reaches the database directly; process B through a TCP proxy the tests can cut
const a = setUpTestApp(async () => {
  owner = await createTestDatabase();
  dbName = new URL(owner.url!).pathname.slice(1);
  return { database: owner };
});
const b = setUpTestApp(async () => {
  const target = new URL(owner.url!);
  proxy = await startTcpProxy(Number(target.port || 5432), target.hostname);
  const viaProxy = new URL(owner.url!);
  viaProxy.host = `127.0.0.1:${proxy.port}`;
  proxied = await openDb({ url: viaProxy.toString(), poolSize: 4 });
  return { database: proxied };
});

let schoolId = 0;
let studentId = 0;
const open: SseStream[] = [];
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});
beforeAll(async () => {
  schoolId = await demoSchoolId(a);
  const ids = await import('../../test/test-app.ts').then((m) => m.userIds(a));
  studentId = ids.get('student')!;
});

async function streamOn(app: typeof a, username = 'student') {
  const s = await openSse(app.base, { cookie: await loginAs(app.base, username) });
  open.push(s);
  expect(s.status).toBe(200);
  expect((await s.next())?.retry).toBeGreaterThan(0);
  expect((await s.next())?.id).toEqual(expect.any(Number));
  return s;
}

const raiseOn = (app: typeof a, roomId: number) =>
  publishEvent(app.database.db, { schoolId, userIds: [studentId] }, 'chat.room', { roomId }, app.clock());

describe('two server processes on one PostgreSQL database', () => {
  it('an event raised through one process reaches a stream opened on the other, and back', async () => {
    const onB = await streamOn(b);
    const onA = await streamOn(a);
    const fromA = await raiseOn(a, 1);
    expect(await onB.nextEvent()).toMatchObject({ id: fromA, data: { roomId: 1 } });
    expect((await onA.nextEvent())?.id).toBe(fromA);
    const fromB = await raiseOn(b, 2);
    expect((await onA.nextEvent())?.id).toBe(fromB);
    expect((await onB.nextEvent())?.id).toBe(fromB);
    // a forced sign-out through A reaches the tab on B (one process blocks, the other holds the stream)
    const admin = await loginAs(a.base, 'admin');
    const pupil = await streamOn(b, 'student2');
    const ids = await import('../../test/test-app.ts').then((m) => m.userIds(a));
    const res = await fetch(`${a.base}/api/users/${ids.get('student2')}/block`, {
      method: 'POST',
      headers: { cookie: admin, 'content-type': 'application/json', 'x-aula-csrf': '1' },
      body: JSON.stringify({ blocked: true }),
    });
    expect(res.status).toBe(200);
    expect(await pupil.next()).toMatchObject({ event: 'session.end', data: { reason: 'blocked' } });
    await pupil.ended;
  });

  it('after its listener backend is terminated (pg_terminate_backend), events still arrive', async () => {
    const onB = await streamOn(b);
    const killed = await adminQuery(
      process.env.DATABASE_URL!,
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and application_name = $2',
      [dbName, LISTENER_APPLICATION_NAME],
    );
    // one listener per process
    expect(killed.rowCount).toBe(2);
    const first = await raiseOn(a, 3);
    const second = await raiseOn(a, 4);
    expect((await onB.nextEvent())?.id).toBe(first);
    expect((await onB.nextEvent())?.id).toBe(second);
    // heard twice (the new LISTEN and the catch-up), sent once: the next event is the next one
    const third = await raiseOn(a, 9);
    expect((await onB.nextEvent())?.id).toBe(third);
  });

  it('events raised while the database was away from a process are caught up when it is back, in order', async () => {
    const onB = await streamOn(b);
    await proxy.cut();
    const missed = [await raiseOn(a, 5), await raiseOn(a, 6), await raiseOn(a, 7)];
    await proxy.restore();
    for (const id of missed) expect((await onB.nextEvent())?.id).toBe(id);
    const live = await raiseOn(a, 8);
    expect((await onB.nextEvent())?.id).toBe(live);
  });
});
