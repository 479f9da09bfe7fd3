import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  ACTIVITY_WRITE_MS,
  EVENT_HEARTBEAT_MS,
  EVENT_REPLAY_MAX,
  EVENT_REPLAY_MS,
  EVENT_RETRY_MS,
  EVENT_STREAMS_PER_SESSION,
  PRESENCE_FLUSH_MS,
  AdminMessageDetailSchema,
  type EventData,
  type EventType,
} from '@aula/contracts';
import { transaction } from '../../db/index.ts';
import { events, sessions } from '../../db/schema.ts';
import { makeGroup, makeSchool, makeSetting, makeUser, type TestUser } from '../../test/factories.ts';
import {
  answerAs,
  call,
  cookiesFrom,
  demoSchoolId,
  loginAs,
  setUpTestApp,
  startTestApp,
} from '../../test/test-app.ts';
import { COMMIT_SLACK_MS } from './events.hub.ts';
import { publishEvent, type EventAudience } from './events.service.ts';
import { openSse, type SseStream } from './sse-reader.ts';

// The live event stream GET /api/events (issue 22 item 1, decision 071) over real HTTP on the real database:
// who gets which event, replay after a reconnect, reset, heartbeats, forced sign-out, admin messages,
// presence, rolled-back transactions and shutdown. The clock is the app's; the hub's timer is driven by tick().

const t = setUpTestApp();
let schoolId = 0;
const open: SseStream[] = [];
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});

beforeAll(async () => {
  schoolId = await demoSchoolId(t);
});

async function stream(cookie: string, opts: Parameters<typeof openSse>[1] = {}): Promise<SseStream> {
  const s = await openSse(t.base, { cookie, ...opts });
  open.push(s);
  return s;
}

/** Opens a stream and reads its start (`retry:` and the bare `id:` of now); answers that id. */
async function started(cookie: string, opts: Parameters<typeof openSse>[1] = {}) {
  const s = await stream(cookie, opts);
  expect(s.status, s.body).toBe(200);
  const retry = await s.next();
  expect(retry?.retry).toBe(EVENT_RETRY_MS);
  return s;
}

async function startedAt(cookie: string) {
  const s = await started(cookie);
  const first = await s.next();
  expect(first?.event).toBeUndefined();
  expect(first?.id).toEqual(expect.any(Number));
  return { s, at: first!.id! };
}

function raise<T extends EventType>(to: Partial<EventAudience>, type: T, data: EventData<T>) {
  return publishEvent(t.database.db, { schoolId, userIds: null, ...to }, type, data, t.clock());
}

const chatRoom = (roomId: number) => ({ roomId });

async function user(opts: Parameters<typeof makeUser>[1] = {}): Promise<TestUser & { cookie: string }> {
  const u = await makeUser(t, { role: 'student', ...opts });
  return { ...u, cookie: await u.login() };
}

describe('GET /api/events', () => {
  it('refuses visitors (401) and a malformed Last-Event-ID (400), and HEAD holds nothing open', async () => {
    const anonymous = await openSse(t.base);
    expect(anonymous.status).toBe(401);
    expect(JSON.parse(anonymous.body).code).toBe('common.unauthorized');
    const a = await user();
    const bad = await openSse(t.base, { cookie: a.cookie, lastEventId: 'abc' });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body).code).toBe('common.validation');
    const badQuery = await openSse(t.base, { cookie: a.cookie, query: '?lastEventId=-1' });
    expect(badQuery.status).toBe(400);
    expect((await call(t.base, '/api/events', { method: 'HEAD', cookie: a.cookie })).status).toBe(404);
  });

  it('is an uncompressed, unbuffered, unstored text/event-stream that starts with retry and the id of now', async () => {
    const a = await user();
    const s = await stream(a.cookie, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(s.status).toBe(200);
    expect(s.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(s.headers['cache-control']).toBe('no-store, no-transform');
    expect(s.headers['x-accel-buffering']).toBe('no');
    expect(s.headers['content-encoding']).toBeUndefined();
    expect(s.headers['x-content-type-options']).toBe('nosniff');
    expect((await s.next())?.raw).toBe(`retry: ${EVENT_RETRY_MS}`);
    const now = await s.next();
    expect(now?.raw).toMatch(/^id: \d+$/);
    const id = await raise({ userIds: [a.id] }, 'chat.room', chatRoom(1));
    expect(now!.id).toBeLessThan(id);
    const event = await s.next();
    expect(event).toMatchObject({ id, event: 'chat.room', data: { roomId: 1 } });
    expect(event!.raw).toBe(`id: ${id}\nevent: chat.room\ndata: {"roomId":1}`);
  });

  it('an event reaches only its users: not another user of the school, not another school (canary)', async () => {
    const [a, b] = [await user(), await user()];
    const other = await makeSchool(t);
    const stranger = await makeUser(t, { role: 'student', schoolId: other.id });
    const login = await call(t.base, '/api/login', {
      body: { username: stranger.username, password: stranger.password },
      headers: { host: other.host! },
    });
    expect(login.status).toBe(200);
    const sa = (await startedAt(a.cookie)).s;
    const sb = (await startedAt(b.cookie)).s;
    const so = await openSse(t.base, { cookie: cookiesFrom(login), headers: { host: other.host! } });
    open.push(so);
    expect(so.status).toBe(200);
    await so.next();
    await so.next();

    const forA = await raise({ userIds: [a.id] }, 'chat.room', chatRoom(11));
    const forSchool = await raise({}, 'presence', {});
    const forOther = await publishEvent(
      t.database.db,
      { schoolId: other.id, userIds: null },
      'presence',
      {},
      t.clock(),
    );
    // the same user id named in another school's event reaches nobody here
    const misaddressed = await publishEvent(
      t.database.db,
      { schoolId: other.id, userIds: [a.id] },
      'chat.room',
      chatRoom(12),
      t.clock(),
    );
    const last = await raise({ userIds: [a.id, b.id] }, 'chat.room', chatRoom(13));

    // events arrive in id order: what came before the next one is all a stream got
    expect((await sa.nextEvent())?.id).toBe(forA);
    expect((await sa.nextEvent())?.id).toBe(forSchool);
    expect((await sa.nextEvent())?.id).toBe(last);
    expect((await sb.nextEvent())?.id).toBe(forSchool);
    expect((await sb.nextEvent())?.id).toBe(last);
    expect((await so.nextEvent())?.id).toBe(forOther);
    expect(misaddressed).toBeGreaterThan(forOther);
    const otherLast = await publishEvent(
      t.database.db,
      { schoolId: other.id, userIds: null },
      'presence',
      {},
      t.clock(),
    );
    expect((await so.nextEvent())?.id).toBe(otherLast);
  });

  it('session ids narrow an event to those sessions of the user', async () => {
    const a = await user();
    const second = await a.login();
    const s1 = (await startedAt(a.cookie)).s;
    const s2 = (await startedAt(second)).s;
    const [firstSession] = await t.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, a.id))
      .orderBy(sessions.id)
      .limit(1);
    const only1 = await raise({ userIds: [a.id], sessionIds: [firstSession!.id] }, 'chat.room', chatRoom(21));
    const both = await raise({ userIds: [a.id] }, 'chat.room', chatRoom(22));
    expect((await s1.nextEvent())?.id).toBe(only1);
    expect((await s1.nextEvent())?.id).toBe(both);
    expect((await s2.nextEvent())?.id).toBe(both);
  });

  it('Last-Event-ID and ?lastEventId replay exactly the missed events of the user, then move the id to now', async () => {
    const [a, b] = [await user(), await user()];
    const first = await startedAt(a.cookie);
    first.s.close();
    const e1 = await raise({ userIds: [a.id] }, 'chat.room', chatRoom(31));
    await raise({ userIds: [b.id] }, 'chat.room', chatRoom(32));
    const e3 = await raise({}, 'presence', {});
    const e4 = await raise({ userIds: [a.id] }, 'chat.room.removed', chatRoom(33));
    // the hub has heard them all before the replay is asked for: the stream of another user got the last (a
    // stream opened before the hub had delivered e3 would get it live: the fan-out follows the commit)
    await expect.poll(() => t.app.eventHub.watermark()).toBeGreaterThanOrEqual(e4);
    const sb = (await startedAt(b.cookie)).s;
    const e5 = await raise({ userIds: [b.id] }, 'chat.room', chatRoom(34));
    expect((await sb.nextEvent())?.id).toBe(e5);

    const missed = [e1, e3, e4];
    for (const opts of [{ lastEventId: first.at }, { query: `?lastEventId=${first.at}` }]) {
      const s = await started(a.cookie, opts);
      const got = [];
      while (got.length < missed.length) got.push(await s.next());
      expect(got.map((e) => e?.id)).toEqual(missed);
      expect(got.slice(0, 3).map((e) => e?.event)).toEqual(['chat.room', 'presence', 'chat.room.removed']);
      expect(got[0]!.data).toEqual({ roomId: 31 });
      const now = await s.next();
      expect(now?.event).toBeUndefined();
      expect(now?.id).toBeGreaterThanOrEqual(e5);
      // and live from there
      const e6 = await raise({ userIds: [a.id] }, 'chat.room', chatRoom(35));
      expect((await s.nextEvent())?.id).toBe(e6);
      missed.push(e6);
      s.close();
    }
    // the header wins over the query
    const s = await started(a.cookie, { lastEventId: e3, query: `?lastEventId=${first.at}` });
    expect((await s.next())?.id).toBe(e4);
  });

  it('sends reset when the gap is older than EVENT_REPLAY_MS, longer than EVENT_REPLAY_MAX, or an unknown id', async () => {
    const a = await user();
    const { s, at } = await startedAt(a.cookie);
    s.close();
    await raise({ userIds: [a.id] }, 'chat.room', chatRoom(41));
    // within the window: replayed
    const within = await started(a.cookie, { lastEventId: at });
    expect((await within.next())?.event).toBe('chat.room');
    within.close();

    t.clock.advance(EVENT_REPLAY_MS + 1);
    const late = await started(a.cookie, { lastEventId: at });
    const reset = await late.next();
    expect(reset).toMatchObject({ event: 'reset', data: {} });
    expect(reset!.id).toBeGreaterThan(at);
    late.close();

    // too many: EVENT_REPLAY_MAX + 1 events for the user
    const b = await user();
    const start = await startedAt(b.cookie);
    start.s.close();
    let last = 0;
    await transaction(t.database.db, async (tx) => {
      for (let i = 0; i <= EVENT_REPLAY_MAX; i++)
        last = await publishEvent(tx, { schoolId, userIds: [b.id] }, 'chat.room', chatRoom(i), t.clock());
    });
    // the hub has heard them all (on PostgreSQL the notifications come a moment after the commit)
    await expect.poll(() => t.app.eventHub.watermark()).toBeGreaterThanOrEqual(last);
    const many = await started(b.cookie, { lastEventId: start.at });
    expect((await many.next())?.event).toBe('reset');
    many.close();
    // exactly EVENT_REPLAY_MAX is still replayed
    const c = await user();
    const startC = await startedAt(c.cookie);
    startC.s.close();
    await transaction(t.database.db, async (tx) => {
      for (let i = 0; i < EVENT_REPLAY_MAX; i++)
        last = await publishEvent(tx, { schoolId, userIds: [c.id] }, 'chat.room', chatRoom(i), t.clock());
    });
    await expect.poll(() => t.app.eventHub.watermark()).toBeGreaterThanOrEqual(last);
    const all = await started(c.cookie, { lastEventId: startC.at });
    for (let i = 0; i < EVENT_REPLAY_MAX; i++) expect((await all.next())?.data).toEqual({ roomId: i });
    expect((await all.next())?.event).toBeUndefined();
    all.close();

    const unknown = await started(a.cookie, { lastEventId: 999_999_999 });
    expect((await unknown.next())?.event).toBe('reset');
  });

  it('one session holds at most EVENT_STREAMS_PER_SESSION streams: one more ends the oldest, not another session', async () => {
    const a = await user();
    const otherSession = await a.login();
    const elsewhere = (await startedAt(otherSession)).s;
    const tabs: SseStream[] = [];
    for (let i = 0; i < EVENT_STREAMS_PER_SESSION; i++) tabs.push((await startedAt(a.cookie)).s);
    expect(t.app.eventHub.size()).toBe(EVENT_STREAMS_PER_SESSION + 1);
    const newest = (await startedAt(a.cookie)).s;
    expect(t.app.eventHub.size()).toBe(EVENT_STREAMS_PER_SESSION + 1);
    // the oldest ended without an event (no reset: the tab simply reconnects when it still wants to)
    await tabs[0]!.ended;
    expect(tabs[0]!.received()).not.toContain('event:');
    const marker = await raise({ userIds: [a.id] }, 'chat.room', chatRoom(45));
    expect(await tabs[0]!.next()).toBeNull();
    for (const s of [...tabs.slice(1), newest, elsewhere]) expect((await s.nextEvent())?.id).toBe(marker);
  });

  it('writes one heartbeat comment after EVENT_HEARTBEAT_MS of silence, not before', async () => {
    const a = await user();
    // the clock stands still from here: only the test moves it
    t.clock.set(t.clock.now());
    const { s } = await startedAt(a.cookie);
    t.clock.advance(EVENT_HEARTBEAT_MS - 1);
    await t.app.eventHub.tick();
    const marker = await raise({ userIds: [a.id] }, 'chat.room', chatRoom(51));
    // nothing came before the event: no heartbeat yet
    expect((await s.next())?.id).toBe(marker);
    t.clock.advance(EVENT_HEARTBEAT_MS);
    await t.app.eventHub.tick();
    expect(await s.next()).toMatchObject({ comment: true, raw: ':' });
    // the heartbeat counts as a write: the next tick sends none
    await t.app.eventHub.tick();
    const after = await raise({ userIds: [a.id] }, 'chat.room', chatRoom(52));
    expect((await s.next())?.id).toBe(after);
  });

  it('a blocked user gets session.end on every open stream, which then closes; the session cannot reopen one', async () => {
    const a = await user();
    const phone = await a.login();
    const admin = await loginAs(t.base, 'admin');
    const s1 = (await startedAt(a.cookie)).s;
    const s2 = (await startedAt(phone)).s;
    const res = await call(t.base, `/api/users/${a.id}/block`, { cookie: admin, body: { blocked: true } });
    expect(res.status, res.text).toBe(200);
    for (const s of [s1, s2]) {
      expect(await s.next()).toMatchObject({ event: 'session.end', data: { reason: 'blocked' } });
      await s.ended;
      expect(await s.next()).toBeNull();
    }
    const again = await openSse(t.base, { cookie: a.cookie });
    expect(again.status).toBe(418);
    expect(t.app.eventHub.size()).toBe(0);
  });

  it('signing out in one tab ends the streams of that session (reason logout), not those of another session', async () => {
    const a = await user();
    const other = await a.login();
    const tab1 = (await startedAt(a.cookie)).s;
    const tab2 = (await startedAt(a.cookie)).s;
    const elsewhere = (await startedAt(other)).s;
    expect((await call(t.base, '/api/logout', { method: 'POST', cookie: a.cookie })).status).toBeLessThan(
      300,
    );
    for (const s of [tab1, tab2]) {
      expect(await s.next()).toMatchObject({ event: 'session.end', data: { reason: 'logout' } });
      await s.ended;
    }
    const still = await raise({ userIds: [a.id] }, 'chat.room', chatRoom(61));
    expect((await elsewhere.nextEvent())?.id).toBe(still);
  });

  it('a password change ends the other sessions with reason password, not the one that changed it', async () => {
    const a = await user();
    const other = await a.login();
    const mine = (await startedAt(a.cookie)).s;
    const theirs = (await startedAt(other)).s;
    const res = await call(t.base, '/api/v2/password_changes', {
      cookie: a.cookie,
      body: { old_password: a.password, password: 'Ein-ganz-neues-Passwort-2026' },
    });
    expect(res.status, res.text).toBeLessThan(300);
    expect(await theirs.next()).toMatchObject({ event: 'session.end', data: { reason: 'password' } });
    await theirs.ended;
    const still = await raise({ userIds: [a.id] }, 'chat.room', chatRoom(71));
    expect((await mine.nextEvent())?.id).toBe(still);
  });

  it('a stream ends with session.end (expired) when its session reaches its absolute end', async () => {
    const a = await user();
    const { s } = await startedAt(a.cookie);
    const [row] = await t.database.db
      .select({ end: sessions.refreshExpiresAt })
      .from(sessions)
      .where(eq(sessions.userId, a.id));
    const saved = t.clock.now();
    t.clock.set(row!.end.getTime() - 1);
    await t.app.eventHub.tick();
    t.clock.set(row!.end.getTime());
    await t.app.eventHub.tick();
    t.clock.set(saved);
    // the heartbeat of the first tick (the clock jumped) may come first
    expect(await s.nextEvent()).toMatchObject({ event: 'session.end', data: { reason: 'expired' } });
    await s.ended;
  });

  it('a session that idled out ends its streams (reason expired) as soon as its tab calls again', async () => {
    await makeSetting(t, 'logout_on_idle_time', '30');
    t.app.sessionSettings.forget(schoolId);
    try {
      const a = await user();
      const { s } = await startedAt(a.cookie);
      t.clock.advance(30 * 60_000 + ACTIVITY_WRITE_MS + 1);
      expect((await call(t.base, '/api/users/alive', { method: 'POST', cookie: a.cookie })).status).toBe(418);
      expect(await s.nextEvent()).toMatchObject({ event: 'session.end', data: { reason: 'expired' } });
      await s.ended;
    } finally {
      await makeSetting(t, 'logout_on_idle_time', null);
      t.app.sessionSettings.forget(schoolId);
    }
  });

  it('creating, editing and deleting an admin message tells its audience: the school, or its groups', async () => {
    const member = await user();
    const outsider = await user();
    const group = await makeGroup(t, { members: [member.id] });
    const admin = await loginAs(t.base, 'admin');
    const sm = (await startedAt(member.cookie)).s;
    const so = (await startedAt(outsider.cookie)).s;
    const post = (body: object, method = 'POST', path = '/api/messages/admin') =>
      call(t.base, path, {
        cookie: admin,
        method,
        body: { type: 'normal', title: { de: 'Hallo' }, body: { de: 'Text' }, ...body },
      });

    const forSchool = answerAs(AdminMessageDetailSchema, await post({}));
    expect(forSchool.status, forSchool.text).toBe(201);
    expect((await sm.nextEvent())?.event).toBe('messages.admin');
    expect((await so.nextEvent())?.event).toBe('messages.admin');

    const forGroup = answerAs(AdminMessageDetailSchema, await post({ groupIds: [group.id] }));
    expect(forGroup.status).toBe(201);
    const marker = await raise({}, 'presence', {});
    expect((await sm.nextEvent())?.event).toBe('messages.admin');
    expect((await sm.nextEvent())?.id).toBe(marker);
    // the outsider heard nothing of the group's message
    expect((await so.nextEvent())?.id).toBe(marker);

    const edited = await post(
      { groupIds: [group.id], title: { de: 'Neu' } },
      'PUT',
      `/api/messages/admin/${forGroup.body.id}`,
    );
    expect(edited.status, edited.text).toBe(200);
    expect((await sm.nextEvent())?.event).toBe('messages.admin');
    const removed = await call(t.base, `/api/messages/admin/${forSchool.body.id}`, {
      cookie: admin,
      method: 'DELETE',
    });
    expect(removed.status).toBe(200);
    expect((await sm.nextEvent())?.event).toBe('messages.admin');
    expect((await so.nextEvent())?.event).toBe('messages.admin');
  });

  it('a rolled-back transaction raises nothing; the id it took holds later events back for COMMIT_SLACK_MS only', async () => {
    const a = await user();
    const { s } = await startedAt(a.cookie);
    await expect(
      transaction(t.database.db, async (tx) => {
        await publishEvent(tx, { schoolId, userIds: [a.id] }, 'chat.room', chatRoom(81), t.clock());
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const kept = await raise({ userIds: [a.id] }, 'chat.room', chatRoom(82));
    expect(
      await t.database.db
        .select()
        .from(events)
        .where(eq(events.id, kept - 1)),
    ).toEqual([]);
    // held back: the lower id may still commit
    await expect.poll(() => t.app.eventHub.held()).toBe(1);
    expect(t.app.eventHub.watermark()).toBe(kept - 2);
    t.clock.advance(COMMIT_SLACK_MS);
    await t.app.eventHub.tick();
    expect(await s.nextEvent()).toMatchObject({ id: kept, data: { roomId: 82 } });
  });

  it('an id that commits after a higher one was held is delivered first, in id order', async () => {
    const a = await user();
    const { s } = await startedAt(a.cookie);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let lowId = 0;
    const slow = transaction(t.database.db, async (tx) => {
      lowId = await publishEvent(tx, { schoolId, userIds: [a.id] }, 'chat.room', chatRoom(91), t.clock());
      await gate;
    });
    if (t.database.kind === 'pglite') {
      // one embedded connection: transactions cannot overlap, so order is trivially kept
      release();
      await slow;
      expect((await s.nextEvent())?.id).toBe(lowId);
      return;
    }
    await expect.poll(() => lowId).toBeGreaterThan(0);
    const high = await raise({ userIds: [a.id] }, 'chat.room', chatRoom(92));
    await expect.poll(() => t.app.eventHub.held()).toBe(1);
    expect(t.app.eventHub.watermark()).toBe(lowId - 1);
    release();
    await slow;
    expect((await s.nextEvent())?.id).toBe(lowId);
    expect((await s.nextEvent())?.id).toBe(high);
  });

  it('presence: a change of the online list is told to the school, at most once per PRESENCE_FLUSH_MS', async () => {
    const a = await user();
    const b = await user();
    const { s } = await startedAt(a.cookie);
    // the first look learns the list; nothing to tell yet
    await t.app.presence.flush();
    const marker = await raise({ userIds: [a.id] }, 'chat.room', chatRoom(101));
    expect((await s.nextEvent())?.id).toBe(marker);

    t.clock.advance(PRESENCE_FLUSH_MS);
    expect(
      (await call(t.base, '/api/users/alive', { method: 'POST', cookie: b.cookie })).status,
    ).toBeLessThan(300);
    await t.app.presence.flush();
    expect(await s.nextEvent()).toMatchObject({ event: 'presence', data: {} });

    // another change within PRESENCE_FLUSH_MS: not told yet
    const c = await user();
    expect(
      (await call(t.base, '/api/users/alive', { method: 'POST', cookie: c.cookie })).status,
    ).toBeLessThan(300);
    await t.app.presence.flush();
    const marker2 = await raise({ userIds: [a.id] }, 'chat.room', chatRoom(102));
    expect((await s.nextEvent())?.id).toBe(marker2);
    // after it: told
    t.clock.advance(PRESENCE_FLUSH_MS);
    await t.app.presence.flush();
    expect(await s.nextEvent()).toMatchObject({ event: 'presence' });
  });

  it('opening a stream is not user activity: the idle timeout does not move', async () => {
    const a = await user();
    const activity = async () =>
      (
        await t.database.db
          .select({ at: sessions.lastActivityAt })
          .from(sessions)
          .where(eq(sessions.userId, a.id))
      )[0]!.at.getTime();
    const before = await activity();
    t.clock.advance(ACTIVITY_WRITE_MS + 1);
    await startedAt(a.cookie);
    expect(await activity()).toBe(before);
    // a real request would have moved it
    expect((await call(t.base, '/api/self', { cookie: a.cookie })).status).toBe(200);
    expect(await activity()).toBeGreaterThan(before);
  });

  it('the events job deletes events older than EVENT_REPLAY_MS', async () => {
    const old = await raise({}, 'presence', {});
    t.clock.advance(EVENT_REPLAY_MS + 1);
    const fresh = await raise({}, 'presence', {});
    await t.app.jobs.run('events-cleanup');
    const left = (await t.database.db.select({ id: events.id }).from(events)).map((r) => r.id);
    expect(left).not.toContain(old);
    expect(left).toContain(fresh);
  });
});

describe('shutdown', () => {
  it('closing the app ends every open stream at once', async () => {
    const app = await startTestApp();
    try {
      const cookie = await loginAs(app.base, 'student');
      const s = await openSse(app.base, { cookie });
      expect(s.status).toBe(200);
      await s.next();
      await app.close();
      await s.ended;
      expect(app.app.eventHub.size()).toBe(0);
    } finally {
      await app.close().catch(() => undefined);
    }
  });
});
