import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { jobContext } from '../../context.ts';
import { listenerApplicationName, openDb, transaction, type Database } from '../../db/index.ts';
import { events } from '../../db/schema.ts';
import { EVENTS_CHANNEL } from './events.repo.ts';
import { makeUser } from '../../test/factories.ts';
import { adminQuery, createTestDatabase } from '../../test/test-db.ts';
import { startTcpProxy } from '../../test/tcp-proxy.ts';
import { demoSchoolId, loginAs, setUpTestApp } from '../../test/test-app.ts';
import { revokeUserSessions } from '../auth/sessions.service.ts';
import { COMMIT_SLACK_MS } from './events.hub.ts';
import { publishEvent } from './events.service.ts';
import { openSse, type SseStream } from './sse-reader.ts';

// PostgreSQL server only (decision 071): two server processes on one database, as two buildApp instances with
// a hub each. An event raised through one reaches a stream opened on the other; a lost LISTEN connection
// (its backend terminated, or the database away for a while) reconnects and catches up. And two races at the
// opening of a stream that need a second connection to be made to happen (PGlite has one): a table lock holds
// the request at one point while the test commits on another connection.

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
      [dbName, listenerApplicationName(EVENTS_CHANNEL)],
    );
    // one events listener per process (the push queue's wake-up listens on a connection of its own)
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

/** Holds an ACCESS EXCLUSIVE lock on a table (on a connection of its own) until `unlock` is called. */
async function lockTable(app: typeof a, table: 'events' | 'config') {
  let unlock!: () => void;
  const gate = new Promise<void>((r) => (unlock = r));
  let locked!: () => void;
  const taken = new Promise<void>((r) => (locked = r));
  const held = transaction(app.database.db, async (tx) => {
    await tx.execute(sql.raw(`lock table ${table} in access exclusive mode`));
    locked();
    await gate;
  });
  await taken;
  return async () => {
    unlock();
    await held;
  };
}

/** How many queries of the test database that read the config wait for a lock now. */
async function waitingForConfig(): Promise<number> {
  const res = await adminQuery(
    process.env.DATABASE_URL!,
    `select count(*)::int as n from pg_stat_activity
      where datname = $1 and wait_event_type = 'Lock' and query like '%from "config"%'`,
    [dbName],
  );
  return (res.rows[0] as { n: number }).n;
}

describe('races at the opening of a stream', () => {
  it('a session revoked after the request guard let the stream in, and told before it was registered, still ends it', async () => {
    // a pupil who has not accepted the terms: the guard reads the school's config after the session check
    const pupil = await makeUser(a, { role: 'student' });
    const cookie = await pupil.login();
    const unlock = await lockTable(a, 'config');
    const opening = openSse(a.base, { cookie });
    // past the session check, waiting for the config
    await expect.poll(waitingForConfig).toBe(1);
    await revokeUserSessions(jobContext(a.app, schoolId), pupil.id, 'admin');
    const [ended] = await a.database.db
      .select({ id: events.id })
      .from(events)
      .where(eq(events.type, 'session.end'))
      .orderBy(desc(events.id))
      .limit(1);
    // this process has handed the session.end out (to no stream) before the stream is registered
    await expect.poll(() => a.app.eventHub.watermark()).toBeGreaterThanOrEqual(ended!.id);
    await unlock();
    const s = await opening;
    open.push(s);
    expect(s.status).toBe(200);
    expect((await s.next())?.retry).toBeGreaterThan(0);
    // an event after it: a stream left open would get this instead of session.end
    await publishEvent(
      a.database.db,
      { schoolId, userIds: [pupil.id] },
      'chat.room',
      { roomId: 10 },
      a.clock(),
    );
    expect(await s.nextEvent()).toMatchObject({ event: 'session.end', data: { reason: 'revoked' } });
    await s.ended;
    expect(await s.next()).toBeNull();
  });

  it('a client ahead of this process (Last-Event-ID above its watermark) gets no event twice', async () => {
    const pupil = await makeUser(a, { role: 'student', sitePolicyAccepted: true });
    const cookie = await pupil.login();
    const raise = (db: typeof a.database.db, roomId: number) =>
      publishEvent(db, { schoolId, userIds: [pupil.id] }, 'chat.room', { roomId }, a.clock());
    // a rolled-back transaction leaves a gap: the next event is held back by this process for COMMIT_SLACK_MS
    await expect(
      transaction(a.database.db, async (tx) => {
        await raise(tx, 11);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const held = await raise(a.database.db, 12);
    await expect.poll(() => a.app.eventHub.held()).toBe(1);
    expect(a.app.eventHub.watermark()).toBeLessThan(held);
    // the client got it from another process already; while its replay is read here, the held event is released
    const unlock = await lockTable(a, 'events');
    const before = a.app.eventHub.size();
    const opening = openSse(a.base, { cookie, lastEventId: held });
    await expect.poll(() => a.app.eventHub.size()).toBe(before + 1);
    a.clock.advance(COMMIT_SLACK_MS);
    await a.app.eventHub.tick();
    expect(a.app.eventHub.watermark()).toBeGreaterThanOrEqual(held);
    await unlock();
    const s = await opening;
    open.push(s);
    expect(s.status).toBe(200);
    expect((await s.next())?.retry).toBeGreaterThan(0);
    const next = await raise(a.database.db, 13);
    expect((await s.nextEvent())?.id).toBe(next);
  });
});
