import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  AdminMessageDetailSchema,
  ChatMessageSchema,
  ChatRoomDetailsSchema,
  DEFAULT_FEATURES,
  PushConfigResponseSchema,
  RoomDetailsSchema,
  SickNoticeSchema,
  type ChatMessage,
  type PushPayload,
} from '@aula/contracts';
import { pushLog, pushQueue, pushSubscriptions, sessions, sickNotices } from '../../db/schema.ts';
import { startBbbServer, type TestBbbServer } from '../../test/bbb-server.ts';
import { startPushService, type PushServiceStandIn } from '../../test/push-service.ts';
import { makeChatRoom } from '../../test/area-factories.ts';
import {
  latestSessionId,
  makeDeviceRow,
  makeGroup,
  makeSetting,
  makeUser,
  type TestRole,
} from '../../test/factories.ts';
import { answerAs, setUpTestApp, type CallOptions } from '../../test/test-app.ts';
import { PUSH_CHANNEL } from './push-enqueue.repo.ts';
import { listenForPushes } from './push-enqueue.service.ts';
import { isStillRelevant, OPEN_TAB_HOLD_MS, OPEN_TAB_MS, VIDEO_PUSH_MAX_AGE_MS } from './push-relevance.ts';
import { PUSH_TEXTS } from './push-texts.ts';

// Who gets which push and when (issue 23 item 3 and 4, decision 073), over real HTTP on the real database with
// the injected clock: each trigger writes push_queue rows for the right people and devices, in their language,
// naming no one and quoting nothing; the user's switches, the school's feature, sessions and quiet hours (the
// school's for pupils, everyone's own on top) decide; a held push is dropped at sending when no longer relevant.

const NOON = '2026-01-15T11:00:00.000Z'; // 12:00 in Berlin
const EVENING = '2026-01-15T21:00:00.000Z'; // 22:00 in Berlin
const SEVEN_NEXT_MORNING = '2026-01-16T06:00:00.000Z'; // 07:00 in Berlin

// The tests call the presence flush themselves: the app runs with its intervals stopped. The push worker sends
// only when a test drains it (a test app's default), so the rows these tests look at are not sent under them.
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});
afterAll(() => {
  vi.useRealTimers();
});
// the stand-in push service (RFC 8030/8291/8292): it checks the VAPID token's expiry in real time, as push
// services do (the sender's token follows real time too)
let svc: PushServiceStandIn;
const t = setUpTestApp(async () => {
  svc = await startPushService();
  // the queue is looked at before sending: the worker sends only when a test drains it (test apps' default)
  return { now: NOON, push: svc.appOptions };
});
afterAll(() => svc?.close());
const PUSH_ON = [...DEFAULT_FEATURES, 'push'].join(',');

beforeAll(async () => {
  await makeSetting(t, 'enabled_features', PUSH_ON);
});
afterEach(() => {
  t.clock.set(NOON);
});

interface Person {
  id: number;
  username: string;
  cookie: string;
  sessionId: number;
  subscriptionId: number;
}

let endpoints = 0;

/** A signed-in user of the demo school with one subscribed device (bound to that session, as the browser's). */
async function person(
  role: TestRole,
  opts: { selectedLang?: string; firstName?: string; device?: boolean } = {},
): Promise<Person> {
  const u = await makeUser(t, {
    role,
    ...(opts.selectedLang ? { selectedLang: opts.selectedLang } : {}),
    ...(opts.firstName ? { firstName: opts.firstName } : {}),
  });
  const cookie = await u.login();
  const endpoint = `https://push.example.org/send/${++endpoints}-${u.username}`;
  const { sessionId, subscriptionId } =
    opts.device === false
      ? { sessionId: await latestSessionId(t, u.id), subscriptionId: 0 }
      : await makeDeviceRow(t, u, endpoint);
  return { id: u.id, username: u.username, cookie, sessionId, subscriptionId };
}

const as = (p: Person, path: string, opts: CallOptions = {}) => t.call(path, { cookie: p.cookie, ...opts });

/** The queued pushes of these people, oldest first. */
async function queued(...people: Person[]) {
  const rows = await t.database.db
    .select()
    .from(pushQueue)
    .where(
      inArray(
        pushQueue.userId,
        people.map((p) => p.id),
      ),
    )
    .orderBy(pushQueue.id);
  return rows.map((r) => ({ ...r, notBefore: r.notBefore.toISOString(), payload: r.payload as PushPayload }));
}
type Row = Awaited<ReturnType<typeof queued>>[number];
const only = async (p: Person, ...more: Person[]) =>
  (await queued(p, ...more)).filter((r) => r.userId === p.id);
const relevant = (row: Row) => isStillRelevant(t.database.db, row, t.clock());

/** A payload names no one and quotes nothing: none of these appear in it. */
function expectNothingPersonal(payload: PushPayload, secrets: string[]) {
  const text = JSON.stringify(payload);
  for (const s of secrets) expect(text).not.toContain(s);
}

let clientIds = 0;
async function chatRoom(owner: Person, members: Person[]): Promise<number> {
  // a teacher adds people of their own groups
  await makeGroup(t, { members: [owner.id, ...members.map((m) => m.id)] });
  return (await makeChatRoom(t, owner.cookie, { userIds: members.map((m) => m.id) })).id;
}
async function say(p: Person, roomId: number, body = 'Hallo'): Promise<ChatMessage> {
  const res = await as(p, `/api/matrix/${roomId}/messages`, {
    body: { body, clientId: `client-${++clientIds}-push` },
  });
  expect(res.status, res.text).toBe(201);
  return answerAs(ChatMessageSchema, res).body;
}
/** An open Aula tab: it pings (POST /api/users/alive), and the presence flush writes the ping. */
async function ping(p: Person): Promise<void> {
  expect((await as(p, '/api/users/alive', { method: 'POST' })).status).toBe(200);
  await t.app.presence.flush();
}

describe('chat messages', () => {
  it('the sender never; a member without an open tab at once; one with an open tab only once it has closed', async () => {
    const teacher = await person('teacher');
    const writer = await person('student');
    const reader = await person('student');
    const room = await chatRoom(teacher, [writer, reader]);
    await ping(reader);
    const message = await say(writer, room, 'Treffen wir uns um drei bei Lena?');

    expect(await only(writer, teacher, reader)).toEqual([]);
    const [toTeacher] = await only(teacher, writer, reader);
    expect(toTeacher).toMatchObject({
      kind: 'chat',
      subscriptionId: teacher.subscriptionId,
      refType: 'chat_message',
      refId: message.id,
      tag: `chat-${room}`,
      notBefore: NOON,
      payload: {
        kind: 'chat',
        title: PUSH_TEXTS.de.chat.title,
        body: PUSH_TEXTS.de.chat.body,
        url: `/app/chat?room=${room}`,
        tag: `chat-${room}`,
      },
    });
    expectNothingPersonal(toTeacher!.payload, ['Lena', 'drei', writer.username]);

    // the member with the tab open: held a little, and dropped while the tab stays open (it keeps pinging)
    const [toReader] = await only(reader, writer, teacher);
    expect(toReader!.notBefore).toBe(new Date(Date.parse(NOON) + OPEN_TAB_HOLD_MS).toISOString());
    t.clock.advance(OPEN_TAB_HOLD_MS);
    await ping(reader);
    expect(await relevant(toReader!)).toBe(false);

    // the tab closes (no more pings): once the last ping is older than OPEN_TAB_MS the push goes
    t.clock.advance(OPEN_TAB_MS);
    expect(await relevant(toReader!)).toBe(false);
    t.clock.advance(1);
    expect(await relevant(toReader!)).toBe(true);
  });

  it('collapses per room and device: one waiting push naming the newest message; a claimed one is not touched', async () => {
    const teacher = await person('teacher');
    const pupil = await person('student');
    const room = await chatRoom(teacher, [pupil]);
    const other = await chatRoom(teacher, [pupil]);
    await say(teacher, room, 'eins');
    const second = await say(teacher, room, 'zwei');
    await say(teacher, other, 'anderswo');
    const rows = await only(pupil, teacher);
    expect(rows.map((r) => [r.tag, r.refId])).toEqual([
      [`chat-${room}`, second.id],
      [`chat-${other}`, expect.any(Number)],
    ]);
    // a worker has claimed the room's push (its lease runs): the next message gets a row of its own
    await t.database.db
      .update(pushQueue)
      .set({ lockedUntil: new Date(Date.parse(NOON) + 60_000) })
      .where(eq(pushQueue.id, rows[0]!.id));
    const third = await say(teacher, room, 'drei');
    expect((await only(pupil, teacher)).filter((r) => r.tag === `chat-${room}`).map((r) => r.refId)).toEqual([
      second.id,
      third.id,
    ]);
  });

  it('a second device of the same person gets its own push; a device whose session ended gets none', async () => {
    const teacher = await person('teacher');
    const pupil = await person('student');
    const room = await chatRoom(teacher, [pupil]);
    const phone = await makeUserSecondDevice(pupil);
    await say(teacher, room);
    expect((await only(pupil, teacher)).map((r) => r.subscriptionId)).toEqual([pupil.subscriptionId, phone]);

    // signing out on the first device ends its session: only the phone is left
    expect((await as(pupil, '/api/logout', { method: 'POST' })).status).toBeLessThan(300);
    await t.database.db.delete(pushQueue).where(eq(pushQueue.userId, pupil.id));
    await say(teacher, room);
    expect((await only(pupil, teacher)).map((r) => r.subscriptionId)).toEqual([phone]);
  });

  it('relevance: read up to the message, deleted, or no longer a member: dropped', async () => {
    const teacher = await person('teacher');
    const a = await person('student');
    const b = await person('student');
    const c = await person('student');
    const room = await chatRoom(teacher, [a, b, c]);
    const message = await say(teacher, room);
    const [toA] = await only(a, teacher);
    const [toB] = await only(b, teacher);
    const [toC] = await only(c, teacher);
    for (const row of [toA!, toB!, toC!]) expect(await relevant(row)).toBe(true);

    expect((await as(a, `/api/matrix/${room}/seen`, { body: { messageId: message.id } })).status).toBe(204);
    expect(await relevant(toA!)).toBe(false);
    const removed = await as(teacher, '/api/matrix/room/removeUsers', {
      body: { roomId: room, userIds: [c.id] },
    });
    expect(removed.status, removed.text).toBe(200);
    expect(await relevant(toC!)).toBe(false);
    expect(await relevant(toB!)).toBe(true);
    const deleted = await as(teacher, '/api/matrix/message/delete', {
      body: { roomId: room, messageId: message.id },
    });
    expect(deleted.status, deleted.text).toBe(204);
    expect(await relevant(toB!)).toBe(false);
  });
});

describe('relevance of a push that names nothing', () => {
  it('goes unless shown stale: a chat push without a message still waits while its person is online', async () => {
    const pupil = await person('student');
    const [row] = await t.database.db
      .insert(pushQueue)
      .values({
        schoolId: (await t.database.db.select().from(sessions).where(eq(sessions.id, pupil.sessionId)))[0]!
          .schoolId,
        subscriptionId: pupil.subscriptionId,
        userId: pupil.id,
        kind: 'chat',
        tag: 'chat-0',
        payload: { kind: 'chat', title: 't', body: 'b', url: '/app/chat', tag: 'chat-0' },
        notBefore: t.clock(),
        nextAttemptAt: t.clock(),
        createdAt: t.clock(),
      })
      .returning();
    const queuedRow = { ...row!, notBefore: row!.notBefore.toISOString(), payload: row!.payload };
    expect(await relevant(queuedRow)).toBe(true);
    await ping(pupil);
    expect(await relevant(queuedRow)).toBe(false);
    expect(await relevant({ ...queuedRow, kind: 'unknown' })).toBe(false);
    expect(await relevant({ ...queuedRow, kind: 'test' })).toBe(true);
  });
});

/** Signs the person in once more, with a second subscribed device bound to that new session. */
async function makeUserSecondDevice(p: Person): Promise<number> {
  const res = await t.call('/api/login', { body: { username: p.username, password: 'Test-Passwort-2026' } });
  expect(res.status, res.text).toBe(200);
  const [session] = await t.database.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.userId, p.id))
    .orderBy(desc(sessions.id))
    .limit(1);
  const [row] = await t.database.db
    .insert(pushSubscriptions)
    .values({
      schoolId: (await t.database.db.select().from(sessions).where(eq(sessions.id, session!.id)))[0]!
        .schoolId,
      userId: p.id,
      sessionId: session!.id,
      endpoint: `https://push.example.org/send/${++endpoints}-phone`,
      p256dh: 'B'.repeat(87),
      auth: 'A'.repeat(22),
    })
    .returning({ id: pushSubscriptions.id });
  return row!.id;
}

describe('the user’s switches, the school’s feature, the language', () => {
  it('a kind switched off sends nothing of that kind; the other kinds still come', async () => {
    const teacher = await person('teacher');
    const pupil = await person('student');
    const put = await as(pupil, '/api/users/firebase/settings', {
      method: 'PUT',
      body: { kinds: { chat: false }, quiet: null },
    });
    expect(put.status, put.text).toBe(200);
    const room = await chatRoom(teacher, [pupil]);
    await say(teacher, room);
    expect(await only(pupil, teacher)).toEqual([]);
    const group = await makeGroup(t, { members: [pupil.id] });
    const admin = await person('admin');
    const posted = await as(admin, '/api/messages/admin', {
      body: { type: 'normal', title: { de: 'Hitzefrei' }, body: { de: 'Ab 11 Uhr' }, groupIds: [group.id] },
    });
    expect(posted.status, posted.text).toBe(201);
    expect((await only(pupil, teacher)).map((r) => r.kind)).toEqual(['message']);
  });

  it('canary: with the school’s push feature off nothing is queued', async () => {
    const teacher = await person('teacher');
    const pupil = await person('student');
    const room = await chatRoom(teacher, [pupil]);
    await makeSetting(t, 'enabled_features', DEFAULT_FEATURES.join(','));
    onTestFinished(() => makeSetting(t, 'enabled_features', PUSH_ON));
    await say(teacher, room);
    expect(await queued(pupil, teacher)).toEqual([]);
  });

  it('without a device nothing is queued', async () => {
    const teacher = await person('teacher');
    const pupil = await person('student', { device: false });
    const room = await chatRoom(teacher, [pupil]);
    await say(teacher, room);
    expect(await queued(pupil)).toEqual([]);
  });

  it('each person’s push is in their language; automatic is German', async () => {
    const teacher = await person('teacher');
    const people = await Promise.all(
      (['ar', 'fa', 'en', 'auto'] as const).map((lang) => person('student', { selectedLang: lang })),
    );
    const room = await chatRoom(teacher, people);
    await say(teacher, room);
    const titles = await Promise.all(people.map(async (p) => (await only(p, teacher))[0]!.payload.title));
    expect(titles).toEqual([
      PUSH_TEXTS.ar.chat.title,
      PUSH_TEXTS.fa.chat.title,
      PUSH_TEXTS.en.chat.title,
      PUSH_TEXTS.de.chat.title,
    ]);
  });
});

describe('quiet hours (the school’s for pupils, 19:00–07:00 Berlin time by default; everyone’s own on top)', () => {
  it('a pupil at 22:00 school time: held until 07:00; a teacher at 22:00: now', async () => {
    t.clock.set(EVENING);
    const teacher = await person('teacher');
    const pupil = await person('student');
    const room = await chatRoom(teacher, [pupil]);
    await say(teacher, room);
    await say(pupil, room);
    expect((await only(pupil, teacher)).map((r) => r.notBefore)).toEqual([SEVEN_NEXT_MORNING]);
    expect((await only(teacher, pupil)).map((r) => r.notBefore)).toEqual([EVENING]);
  });

  it('canary: a pupil’s own quiet hours cannot shorten the school’s, only add to them', async () => {
    t.clock.set(EVENING);
    const teacher = await person('teacher');
    const narrow = await person('student');
    const wide = await person('student');
    // no pushes in the school day: with the school's 19:00–07:00 the union leaves no gap
    const schoolDay = await person('student');
    for (const [p, quiet] of [
      [narrow, { start: '23:00', end: '05:00' }],
      [wide, { start: '06:00', end: '08:30' }],
      [schoolDay, { start: '07:00', end: '19:30' }],
    ] as const) {
      const res = await as(p, '/api/users/firebase/settings', { method: 'PUT', body: { kinds: {}, quiet } });
      expect(res.status).toBe(200);
    }
    const room = await chatRoom(teacher, [narrow, wide, schoolDay]);
    await say(teacher, room);
    expect((await only(narrow, teacher))[0]!.notBefore).toBe(SEVEN_NEXT_MORNING);
    // the own window does not apply where it leaves no gap: the school's end, never 19:30 (in the school's window)
    expect((await only(schoolDay, teacher))[0]!.notBefore).toBe(SEVEN_NEXT_MORNING);
    // 08:30 Berlin time
    expect((await only(wide, teacher))[0]!.notBefore).toBe('2026-01-16T07:30:00.000Z');
  });

  it('a teacher’s own quiet hours hold their pushes; the school’s changed or switched off applies to pupils', async () => {
    t.clock.set(EVENING);
    const teacher = await person('teacher');
    const pupil = await person('student');
    const res = await as(teacher, '/api/users/firebase/settings', {
      method: 'PUT',
      body: { kinds: {}, quiet: { start: '21:00', end: '06:30' } },
    });
    expect(res.status).toBe(200);
    const room = await chatRoom(teacher, [pupil]);
    await say(pupil, room);
    expect((await only(teacher, pupil))[0]!.notBefore).toBe('2026-01-16T05:30:00.000Z');

    await makeSetting(t, 'push_quiet_start', '22:30');
    onTestFinished(() => makeSetting(t, 'push_quiet_start', null));
    await say(teacher, room);
    expect((await only(pupil, teacher))[0]!.notBefore).toBe(EVENING);
    await makeSetting(t, 'push_quiet_start', '21:00');
    await say(teacher, room);
    expect((await only(pupil, teacher))[0]!.notBefore).toBe(SEVEN_NEXT_MORNING);
    await makeSetting(t, 'push_quiet_start', '07:00');
    await say(teacher, room);
    expect((await only(pupil, teacher))[0]!.notBefore).toBe(EVENING);
  });

  it('the school’s time zone counts: 22:00 in Berlin is 00:30 in Tehran, quiet until 07:00 there', async () => {
    t.clock.set(EVENING);
    await makeSetting(t, 'time_zone', 'Asia/Tehran');
    onTestFinished(() => makeSetting(t, 'time_zone', null));
    const teacher = await person('teacher');
    const pupil = await person('student');
    const room = await chatRoom(teacher, [pupil]);
    await say(teacher, room);
    // 07:00 in Tehran (UTC+3:30) on the 16th
    expect((await only(pupil, teacher))[0]!.notBefore).toBe('2026-01-16T03:30:00.000Z');
  });
});

describe('admin messages', () => {
  it('the members of its groups but its author, at once; others none; the payload quotes nothing', async () => {
    const admin = await person('admin');
    const inGroup = await person('student');
    const teacherInGroup = await person('teacher');
    const outside = await person('student');
    const group = await makeGroup(t, { members: [inGroup.id, teacherInGroup.id, admin.id] });
    const res = answerAs(
      AdminMessageDetailSchema,
      await as(admin, '/api/messages/admin', {
        body: {
          type: 'warning',
          title: { de: 'Ausflug Zoo' },
          body: { de: 'Geld mitbringen' },
          groupIds: [group.id],
        },
      }),
    );
    expect(res.status, res.text).toBe(201);
    const rows = await queued(admin, inGroup, teacherInGroup, outside);
    expect(rows.map((r) => r.userId).sort()).toEqual([inGroup.id, teacherInGroup.id].sort());
    for (const row of rows) {
      expect(row).toMatchObject({
        kind: 'message',
        refType: 'admin_message',
        refId: res.body.id,
        notBefore: NOON,
      });
      expect(row.payload).toMatchObject({ url: '/', title: PUSH_TEXTS.de.message.title });
      expectNothingPersonal(row.payload, ['Zoo', 'Geld']);
    }
  });

  it('one for everyone reaches every device of the school but the author’s', async () => {
    const admin = await person('admin');
    const someone = await person('student');
    const res = await as(admin, '/api/messages/admin', {
      body: { type: 'normal', title: { de: 'Schulfest' }, body: {}, groupIds: [] },
    });
    expect(res.status).toBe(201);
    expect((await queued(admin, someone)).map((r) => r.userId)).toEqual([someone.id]);
  });

  it('one that starts later waits for its start, and then for a pupil’s quiet hours; one already over sends none', async () => {
    const admin = await person('admin');
    const pupil = await person('student');
    const teacher = await person('teacher');
    const group = await makeGroup(t, { members: [pupil.id, teacher.id] });
    const post = (startsAt: string | null, endsAt: string | null) =>
      as(admin, '/api/messages/admin', {
        body: { type: 'normal', title: { de: 'Später' }, body: {}, groupIds: [group.id], startsAt, endsAt },
      });
    // tomorrow 10:00 Berlin time
    expect((await post('2026-01-16T09:00:00.000Z', null)).status).toBe(201);
    // this evening 21:00 Berlin time: in the pupil's quiet hours
    expect((await post('2026-01-15T20:00:00.000Z', null)).status).toBe(201);
    // began yesterday, ended an hour ago
    expect((await post('2026-01-14T09:00:00.000Z', '2026-01-15T10:00:00.000Z')).status).toBe(201);
    expect((await only(pupil, teacher)).map((r) => r.notBefore)).toEqual([
      '2026-01-16T09:00:00.000Z',
      SEVEN_NEXT_MORNING,
    ]);
    expect((await only(teacher, pupil)).map((r) => r.notBefore)).toEqual([
      '2026-01-16T09:00:00.000Z',
      '2026-01-15T20:00:00.000Z',
    ]);
  });

  it('relevance: deleted, seen or over by the time it is sent: dropped', async () => {
    const admin = await person('admin');
    const a = await person('student');
    const b = await person('student');
    const group = await makeGroup(t, { members: [a.id, b.id] });
    const post = (endsAt: string | null) =>
      as(admin, '/api/messages/admin', {
        body: { type: 'normal', title: { de: 'X' }, body: {}, groupIds: [group.id], endsAt },
      });
    const kept = answerAs(AdminMessageDetailSchema, await post(null)).body.id;
    const ending = answerAs(AdminMessageDetailSchema, await post('2026-01-15T12:00:00.000Z')).body.id;
    const rowsOf = async (p: Person, id: number) => (await only(p, admin)).find((r) => r.refId === id)!;
    expect(await relevant(await rowsOf(a, kept))).toBe(true);
    expect((await as(a, `/api/messages/admin/${kept}/seen`, { method: 'POST' })).status).toBe(200);
    expect(await relevant(await rowsOf(a, kept))).toBe(false);
    expect(await relevant(await rowsOf(b, kept))).toBe(true);
    expect((await as(admin, `/api/messages/admin/${kept}`, { method: 'DELETE' })).status).toBe(200);
    expect(await relevant(await rowsOf(b, kept))).toBe(false);
    expect(await relevant(await rowsOf(b, ending))).toBe(true);
    t.clock.set('2026-01-15T12:00:00.000Z');
    expect(await relevant(await rowsOf(b, ending))).toBe(false);
  });

  it('relevance: a message moved to other groups before its start no longer goes to the old audience', async () => {
    const admin = await person('admin');
    const a = await person('student');
    const b = await person('student');
    const before = await makeGroup(t, { members: [a.id] });
    const after = await makeGroup(t, { members: [b.id] });
    const input = (groupIds: number[]) => ({
      type: 'normal',
      title: { de: 'Ausflug' },
      body: {},
      groupIds,
      startsAt: '2026-01-16T09:00:00.000Z',
      endsAt: null,
    });
    const posted = answerAs(
      AdminMessageDetailSchema,
      await as(admin, '/api/messages/admin', { body: input([before.id]) }),
    );
    expect(posted.status, posted.text).toBe(201);
    const [row] = await only(a, admin);
    expect(await relevant(row!)).toBe(true);
    const moved = await as(admin, `/api/messages/admin/${posted.body.id}`, {
      method: 'PUT',
      body: input([after.id]),
    });
    expect(moved.status, moved.text).toBe(200);
    expect(await relevant(row!)).toBe(false);
  });
});

describe('sick notices', () => {
  const today = '2026-01-15';
  const report = (p: Person, fields: Record<string, string>) => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ begin: today, end: today, ...fields })) form.append(k, v);
    return as(p, '/api/sick', { form });
  };

  it('a pupil’s notice: the teachers of their groups only, never pupils; no name, no text', async () => {
    const pupil = await person('student', { firstName: 'Zoraida' });
    const classmate = await person('student');
    const classTeacher = await person('teacher');
    const otherTeacher = await person('teacher');
    const admin = await person('admin');
    await makeGroup(t, { members: [pupil.id, classmate.id, classTeacher.id] });
    await makeGroup(t, { members: [otherTeacher.id] });
    const res = answerAs(SickNoticeSchema, await report(pupil, { message: 'Magen-Darm, Arzttermin' }));
    expect(res.status, res.text).toBe(201);
    const rows = await queued(pupil, classmate, classTeacher, otherTeacher, admin);
    expect(rows.map((r) => r.userId)).toEqual([classTeacher.id]);
    expect(rows[0]).toMatchObject({
      kind: 'sick',
      refType: 'sick_notice',
      refId: res.body.id,
      tag: 'sick',
      payload: {
        kind: 'sick',
        url: '/app/sick',
        title: PUSH_TEXTS.de.sick.title,
        body: PUSH_TEXTS.de.sick.body,
      },
    });
    expectNothingPersonal(rows[0]!.payload, ['Zoraida', pupil.username, 'Magen', 'Arzt']);
  });

  it('a teacher reporting for a pupil is not told; another teacher of the group is, in one collapsed push', async () => {
    const pupil = await person('student');
    const reporter = await person('teacher');
    const colleague = await person('teacher');
    await makeGroup(t, { members: [pupil.id, reporter.id, colleague.id] });
    const first = answerAs(SickNoticeSchema, await report(pupil, {}));
    const second = await report(reporter, { userId: String(pupil.id) });
    expect(second.status, second.text).toBe(201);
    expect(await only(reporter, colleague)).toHaveLength(1);
    // the collapsed push names the oldest notice it stands for (relevance looks at every one since)
    expect((await only(colleague, reporter)).map((r) => r.refId)).toEqual([first.body.id]);
    expect(first.status).toBe(201);
  });

  it('relevance: the newest of several notices deleted keeps the collapsed push; all gone drops it', async () => {
    const a = await person('student');
    const b = await person('student');
    const teacher = await person('teacher');
    await makeGroup(t, { members: [a.id, b.id, teacher.id] });
    const first = answerAs(SickNoticeSchema, await report(a, {}));
    const second = answerAs(SickNoticeSchema, await report(b, {}));
    expect(second.status, second.text).toBe(201);
    const [row] = await only(teacher, a, b);
    await t.database.db.delete(sickNotices).where(eq(sickNotices.id, second.body.id));
    expect(await relevant(row!)).toBe(true);
    await t.database.db.delete(sickNotices).where(eq(sickNotices.id, first.body.id));
    expect(await relevant(row!)).toBe(false);
  });

  it('a teacher’s own notice is no pupil’s: nobody gets a push', async () => {
    const teacher = await person('teacher');
    const colleague = await person('teacher');
    await makeGroup(t, { members: [teacher.id, colleague.id] });
    expect((await report(teacher, {})).status).toBe(201);
    expect(await queued(teacher, colleague)).toEqual([]);
  });

  it('relevance: a notice that is gone is dropped', async () => {
    const pupil = await person('student');
    const teacher = await person('teacher');
    await makeGroup(t, { members: [pupil.id, teacher.id] });
    const res = answerAs(SickNoticeSchema, await report(pupil, {}));
    const [row] = await only(teacher, pupil);
    expect(await relevant(row!)).toBe(true);
    // the retention job deletes notices; here the row goes the same way
    await t.database.db.delete(sickNotices).where(eq(sickNotices.id, res.body.id));
    expect(await relevant(row!)).toBe(false);
  });
});

describe('video rooms', () => {
  let bbb: TestBbbServer;
  beforeAll(async () => {
    bbb = await startBbbServer();
    const admin = await person('admin');
    const res = await as(admin, '/api/config/bbb', {
      method: 'PUT',
      body: {
        settings: { url: bbb.url, checksumAlgorithm: bbb.algorithm, allowInternal: true },
        secret: bbb.secret,
      },
    });
    expect(res.status, res.text).toBe(200);
  });
  afterAll(() => bbb?.close());

  const join = (p: Person, roomId: number) =>
    as(p, `/api/bbb/${roomId}/join`, { headers: { 'x-aula-csrf': '1' } });

  it('the first join starts the meeting: the room’s people but the starter get a push; later joins none', async () => {
    const owner = await person('teacher');
    const member = await person('student');
    const groupMember = await person('student');
    const outsider = await person('student');
    // a teacher's room takes their own groups
    const group = await makeGroup(t, { members: [groupMember.id, owner.id] });
    await makeGroup(t, { members: [owner.id, member.id] });
    const created = answerAs(
      RoomDetailsSchema,
      await as(owner, '/api/bbb', {
        body: { name: 'Mathe 7b', userIds: [member.id], groupIds: [group.id] },
      }),
    );
    expect(created.status, created.text).toBe(201);
    const roomId = created.body.id;
    expect((await join(owner, roomId)).body).toMatchObject({ status: 'ready' });
    const rows = await queued(owner, member, groupMember, outsider);
    expect(rows.map((r) => r.userId).sort()).toEqual([member.id, groupMember.id].sort());
    for (const row of rows) {
      expect(row).toMatchObject({
        kind: 'video',
        refType: 'bbb_room',
        refId: roomId,
        tag: `video-${roomId}`,
        payload: { url: `/app/bigbluebutton?room=${roomId}&dialog=bbb:room-details` },
      });
      expectNothingPersonal(row.payload, ['Mathe', '7b', owner.username]);
    }
    expect((await join(member, roomId)).body).toMatchObject({ status: 'ready' });
    expect(await queued(owner, member, groupMember, outsider)).toHaveLength(2);
  });

  it('relevance: an hour after the start, or with the room deleted, the push is dropped', async () => {
    const owner = await person('teacher');
    const member = await person('teacher');
    await makeGroup(t, { members: [owner.id, member.id] });
    const created = answerAs(
      RoomDetailsSchema,
      await as(owner, '/api/bbb', { body: { name: 'Konferenz', userIds: [member.id] } }),
    );
    const roomId = created.body.id;
    expect((await join(owner, roomId)).status).toBe(200);
    const [row] = await only(member, owner);
    t.clock.advance(VIDEO_PUSH_MAX_AGE_MS);
    expect(await relevant(row!)).toBe(true);
    t.clock.advance(1);
    expect(await relevant(row!)).toBe(false);
    t.clock.set(NOON);
    expect((await as(owner, `/api/bbb/${roomId}`, { method: 'DELETE' })).status).toBeLessThan(300);
    expect(await relevant(row!)).toBe(false);
  });
});

describe('the queue row is written in the change’s transaction', () => {
  it('the commit announces queued pushes (NOTIFY aula_push) and wakes a listening worker; nothing queued, no call', async () => {
    const teacher = await person('teacher');
    const pupil = await person('student');
    const deviceless = await person('student', { device: false });
    const room = await chatRoom(teacher, [pupil]);
    const silent = await chatRoom(teacher, [deviceless]);
    const heard: string[] = [];
    let marker!: () => void;
    const markerHeard = new Promise<void>((resolve) => (marker = resolve));
    const raw = await t.database.listen(PUSH_CHANNEL, {
      notify: (payload) => (payload === 'marker' ? marker() : heard.push(payload)),
    });
    onTestFinished(() => raw.stop());
    let kick!: () => void;
    const kicked = new Promise<void>((resolve) => (kick = resolve));
    const listener = await listenForPushes(t.database, () => kick());
    onTestFinished(() => listener.stop());

    await say(teacher, silent);
    await say(teacher, room);
    await kicked;
    // notifications come in commit order: once the marker is heard, every earlier one has been
    await t.database.db.execute(sql`select pg_notify(${PUSH_CHANNEL}, 'marker')`);
    await markerHeard;
    expect(heard).toEqual(['']);
  });

  it('a send refused by the room (a pupil in an announcements room) queues nothing', async () => {
    const teacher = await person('teacher');
    const pupil = await person('student');
    const other = await person('student');
    await makeGroup(t, { members: [teacher.id, pupil.id, other.id] });
    const res = answerAs(
      ChatRoomDetailsSchema,
      await as(teacher, '/api/matrix/room', {
        body: {
          name: 'Ansagen',
          userIds: [pupil.id, other.id],
          config: { announcements: true, uploads: false },
        },
      }),
    );
    expect(res.status, res.text).toBe(201);
    const refused = await as(pupil, `/api/matrix/${res.body.id}/messages`, {
      body: { body: 'Hallo', clientId: `client-${++clientIds}-push` },
    });
    expect(refused.status).toBe(403);
    expect(await queued(teacher, other)).toEqual([]);
    const rows = await t.database.db
      .select()
      .from(pushQueue)
      .where(and(eq(pushQueue.kind, 'chat'), eq(pushQueue.tag, `chat-${res.body.id}`)));
    expect(rows).toEqual([]);
  });
});

describe('through the worker and the stand-in push service', () => {
  /** A pupil whose browser subscribed at the stand-in, as the web app does (POST /api/users/firebase). */
  async function subscribedPupil() {
    const pupil = await person('student', { device: false });
    const config = answerAs(PushConfigResponseSchema, await as(pupil, '/api/config/firebase'));
    expect(config.body).toMatchObject({ enabled: true });
    const token = svc.subscribe(config.body.vapidKey ?? undefined);
    const res = await as(pupil, '/api/users/firebase', { body: { token } });
    expect(res.status, res.text).toBe(204);
    return { pupil, endpoint: token.endpoint };
  }

  async function heldChat() {
    // only this test's pushes are in the queue: the others' devices are made up
    await t.database.db.delete(pushQueue);
    t.clock.set(EVENING);
    const teacher = await person('teacher');
    const { pupil, endpoint } = await subscribedPupil();
    const room = await chatRoom(teacher, [pupil]);
    const message = await say(teacher, room, 'Hausaufgaben Seite 12');
    await t.app.push.drain();
    expect(svc.received(endpoint)).toEqual([]);
    expect((await only(pupil, teacher)).map((r) => r.notBefore)).toEqual([SEVEN_NEXT_MORNING]);
    return { pupil, endpoint, room, message };
  }

  /** A chat push for a subscribed pupil, queued at `at` (not in quiet hours): due at once. */
  async function dueChat(at: string) {
    await t.database.db.delete(pushQueue);
    t.clock.set(at);
    const teacher = await person('teacher');
    const { pupil, endpoint } = await subscribedPupil();
    const room = await chatRoom(teacher, [pupil]);
    await say(teacher, room);
    expect((await only(pupil, teacher)).map((r) => r.notBefore)).toEqual([new Date(at).toISOString()]);
    return { pupil, endpoint };
  }

  it('a retry whose backoff crosses 19:00 for a pupil is held until 07:00, not counted as a try', async () => {
    // 18:59:59 Berlin time
    const { pupil, endpoint } = await dueChat('2026-01-15T17:59:59.000Z');
    // the session lives one school day (12 h, to 06:59:59): this one is kept to see the morning's send
    await t.database.db
      .update(sessions)
      .set({ refreshExpiresAt: new Date('2026-01-17T00:00:00Z') })
      .where(eq(sessions.id, pupil.sessionId));
    svc.answer(endpoint, { status: 503 });
    await t.app.push.drain();
    svc.answer(endpoint, null);
    const [retry] = await queued(pupil);
    expect(retry!.attempts).toBe(1);
    t.clock.set(retry!.nextAttemptAt);
    await t.app.push.drain();
    expect(svc.received(endpoint)).toEqual([]);
    const [held] = await queued(pupil);
    expect(held).toMatchObject({ attempts: 1, lockedUntil: null, notBefore: SEVEN_NEXT_MORNING });
    t.clock.set(SEVEN_NEXT_MORNING);
    await t.app.push.drain();
    expect(svc.received(endpoint)).toHaveLength(1);
    expect(await queued(pupil)).toEqual([]);
  });

  it('a backlog at 22:00 sends a pupil nothing: the push waits for 07:00', async () => {
    const { pupil, endpoint } = await dueChat('2026-01-15T17:30:00.000Z');
    t.clock.set(EVENING);
    await t.app.push.drain();
    expect(svc.received(endpoint)).toEqual([]);
    expect((await queued(pupil)).map((r) => r.notBefore)).toEqual([SEVEN_NEXT_MORNING]);
  });

  it('a kind switched off after queuing is dropped at sending', async () => {
    const { pupil, endpoint } = await dueChat(NOON);
    const res = await as(pupil, '/api/users/firebase/settings', {
      method: 'PUT',
      body: { kinds: { chat: false }, quiet: null },
    });
    expect(res.status, res.text).toBe(200);
    await t.app.push.drain();
    expect(svc.received(endpoint)).toEqual([]);
    expect(await queued(pupil)).toEqual([]);
  });

  it('the school moving its quiet hours after queuing is honoured; the pupil’s own widened too', async () => {
    // 17:30 Berlin time: outside 19:00–07:00 when queued
    const { pupil, endpoint } = await dueChat('2026-01-15T16:30:00.000Z');
    await makeSetting(t, 'push_quiet_start', '17:00');
    onTestFinished(() => makeSetting(t, 'push_quiet_start', null));
    await t.app.push.drain();
    expect(svc.received(endpoint)).toEqual([]);
    expect((await queued(pupil)).map((r) => r.notBefore)).toEqual([SEVEN_NEXT_MORNING]);

    await makeSetting(t, 'push_quiet_start', null);
    const other = await dueChat('2026-01-15T16:30:00.000Z');
    const res = await as(other.pupil, '/api/users/firebase/settings', {
      method: 'PUT',
      body: { kinds: {}, quiet: { start: '17:00', end: '18:00' } },
    });
    expect(res.status, res.text).toBe(200);
    await t.app.push.drain();
    expect(svc.received(other.endpoint)).toEqual([]);
    expect((await queued(other.pupil)).map((r) => r.notBefore)).toEqual(['2026-01-15T17:00:00.000Z']);
  });

  it('a device keeps its pushes when its session merely runs out (idle limit, 12 hours), not when it is ended', async () => {
    await makeSetting(t, 'logout_on_idle_time', '30');
    onTestFinished(() => makeSetting(t, 'logout_on_idle_time', null));
    const { pupil, endpoint } = await dueChat(NOON);
    // 45 minutes without activity: past the idle limit, the push still goes
    t.clock.set(Date.parse(NOON) + 45 * 60_000);
    await t.app.push.drain();
    expect(svc.received(endpoint)).toHaveLength(1);
    // the next day at noon the session is long past its 12 hours: a new message still reaches the device
    t.clock.set(Date.parse(NOON) + 24 * 60 * 60_000);
    const teacher = await person('teacher');
    const room = await chatRoom(teacher, [pupil]);
    await say(teacher, room);
    await t.app.push.drain();
    expect(svc.received(endpoint)).toHaveLength(2);
    // canary: a block ends the pupil's sessions, and takes along the device of the one that had run out
    const admin = await person('admin');
    const block = await as(admin, `/api/users/${pupil.id}/block`, { body: { blocked: true } });
    expect(block.status, block.text).toBe(200);
    expect(
      await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, pupil.id)),
    ).toEqual([]);
    await say(teacher, room);
    await t.app.push.drain();
    expect(svc.received(endpoint)).toHaveLength(2);
    expect(await queued(pupil)).toEqual([]);
  });

  it('a chat push held overnight is dropped at 07:00 when the message was read meanwhile', async () => {
    const { pupil, endpoint, room, message } = await heldChat();
    expect((await as(pupil, `/api/matrix/${room}/seen`, { body: { messageId: message.id } })).status).toBe(
      204,
    );
    t.clock.set(SEVEN_NEXT_MORNING);
    await t.app.push.drain();
    expect(svc.received(endpoint)).toEqual([]);
    expect(await queued(pupil)).toEqual([]);
    const log = await t.database.db.select().from(pushLog).where(eq(pushLog.kind, 'chat'));
    expect(log.map((l) => l.outcome)).toContain('dropped');
  });

  it('a chat push held overnight is sent at 07:00 when the message is unread, encrypted for the device', async () => {
    const { pupil, endpoint, room } = await heldChat();
    t.clock.set(Date.parse(SEVEN_NEXT_MORNING) - 1);
    await t.app.push.drain();
    expect(svc.received(endpoint)).toEqual([]);
    t.clock.set(SEVEN_NEXT_MORNING);
    await t.app.push.drain();
    const [push] = svc.received(endpoint);
    expect(push?.payload).toEqual({
      kind: 'chat',
      title: PUSH_TEXTS.de.chat.title,
      body: PUSH_TEXTS.de.chat.body,
      url: `/app/chat?room=${room}`,
      tag: `chat-${room}`,
    });
    // the message's words, not its number alone: "12" may be the room's id in the payload's address (seed 8416127)
    expectNothingPersonal(push!.payload as PushPayload, ['Hausaufgaben', 'Seite 12']);
    expect(await queued(pupil)).toEqual([]);
  });
});
