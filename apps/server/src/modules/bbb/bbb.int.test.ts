import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createServer, type Server } from 'node:http';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  BBB_CHECKSUM_ALGORITHMS,
  BbbSettingsViewSchema,
  PermsResponseSchema,
  PublicRoomSchema,
  ROOM_CODE_MISSES_PER_HOUR,
  RoomDetailsSchema,
  RoomJoinSchema,
  RoomListSchema,
  RoomPeopleSchema,
  ServerStatusSchema,
  SettingsValuesSchema,
  type RoomDetails,
  type RoomInput,
  type RoomJoin,
} from '@aula/contracts';
import { auditLog, bbbCodeMisses, bbbRooms, config, groups, users } from '../../db/schema.ts';
import { startBbbServer, type TestBbbServer } from '../../test/bbb-server.ts';
import { addressKey } from './bbb-address.ts';
import { joinUrl } from './bbb-client.ts';
import { newMeeting, randomCode, withFreshCode } from './bbb-codes.ts';
import { STATUS_CACHE_MS } from './bbb-status.ts';
import { insertRoom } from './bbb.repo.ts';
import { makeVideoRoom } from '../../test/area-factories.ts';
import { makeGroup, makeSchool, makeSetting, makeUser } from '../../test/factories.ts';
import {
  call,
  callAs,
  callError,
  cookiesFrom,
  demoSchoolId,
  loginAs,
  setUpTestApp,
  type CallOptions,
} from '../../test/test-app.ts';

// Video rooms (issue 21, decision 067) over real HTTP on the real database, with a stand-in BigBlueButton
// server that checks every checksum: who may do what with a room, joining with the right role, guests by
// code, the server settings and their connection test, the feature switch and the other school.

const t = setUpTestApp();
const cookies = new Map<string, string>();
const userId = new Map<string, number>();
const group = new Map<string, number>();
let schoolId = 0;
let bbb: TestBbbServer;
const SECRET_CANARY = 'bbb-secret-canary-7f3a9c';

beforeAll(async () => {
  schoolId = await demoSchoolId(t);
  const db = t.database.db;
  for (const row of await db.select().from(groups).where(eq(groups.schoolId, schoolId)))
    group.set(row.name, row.id);
  for (const row of await db.select().from(users).where(eq(users.schoolId, schoolId)))
    userId.set(row.username, row.id);
  for (const name of ['student', 'student2', 'student3', 'teacher', 'teacher2', 'admin', 'superadmin'])
    cookies.set(name, await loginAs(t.base, name));
  bbb = await startBbbServer({ secret: SECRET_CANARY });
  await configure(bbb);
});
afterAll(() => bbb?.close());

const as = (actor: string | null, path: string, opts: CallOptions = {}) =>
  call(t.base, path, { cookie: actor ? cookies.get(actor) : undefined, ...opts });
/** a 2xx answer of the actor's, checked against the contract's schema */
const asA = <S extends z.ZodType>(schema: S, actor: string | null, path: string, opts: CallOptions = {}) =>
  callAs(schema, t.base, path, { cookie: actor ? cookies.get(actor) : undefined, ...opts });
/** an error answer of the actor's, checked against the one error body */
const asError = (actor: string | null, path: string, opts: CallOptions = {}) =>
  callError(t.base, path, { cookie: actor ? cookies.get(actor) : undefined, ...opts });

/** Stores the school's BBB settings as an admin would. */
async function configure(server: Pick<TestBbbServer, 'url' | 'secret' | 'algorithm'>, allowInternal = true) {
  const res = await as('admin', '/api/config/bbb', {
    method: 'PUT',
    body: {
      settings: { url: server.url, checksumAlgorithm: server.algorithm, allowInternal },
      secret: server.secret,
    },
  });
  expect(res.status, res.text).toBe(200);
}

/** The school's BBB settings as they are now, put back when the test finishes. */
async function keepSettings() {
  const rows = await t.database.db
    .select()
    .from(config)
    .where(and(eq(config.schoolId, schoolId), sql`${config.key} in ('bbb', 'bbb_secret')`));
  onTestFinished(async () => {
    for (const row of rows) await makeSetting(t, row.key, row.value);
  });
}

/** A room of the test's own, created over HTTP. */
const roomOf = (actor: string, input: Partial<RoomInput> = {}): Promise<RoomDetails> =>
  makeVideoRoom(t, cookies.get(actor)!, input);

async function meetingIdOf(roomId: number): Promise<string> {
  const [row] = await t.database.db
    .select({ meetingId: bbbRooms.meetingId })
    .from(bbbRooms)
    .where(eq(bbbRooms.id, roomId));
  return row!.meetingId;
}

const joinPath = (ref: string | number, name?: string) =>
  `/api/bbb/${ref}/join${name === undefined ? '' : `?name=${encodeURIComponent(name)}`}`;
const joinOpts = (opts: { csrf?: boolean }): CallOptions => ({
  headers: opts.csrf === false ? {} : { 'x-aula-csrf': '1' },
});
const join = (actor: string | null, ref: string | number, name?: string, opts: { csrf?: boolean } = {}) =>
  as(actor, joinPath(ref, name), joinOpts(opts));
/** a join that is answered (ready or waiting) */
const joinAs = (actor: string | null, ref: string | number, name?: string) =>
  asA(RoomJoinSchema, actor, joinPath(ref, name), joinOpts({}));
/** a join that is refused */
const joinError = (
  actor: string | null,
  ref: string | number,
  name?: string,
  opts: { csrf?: boolean } = {},
) => asError(actor, joinPath(ref, name), joinOpts(opts));
/** the join address of a join that is ready */
function urlOf(res: { body: RoomJoin }): string {
  if (res.body.status !== 'ready') throw new Error(`the join is not ready: ${JSON.stringify(res.body)}`);
  return res.body.url;
}

/** Follows a join address to the stand-in server and reads the page it shows. */
async function landing(url: string) {
  const html = await (await fetch(url)).text();
  const field = (id: string) => new RegExp(`data-testid="${id}">([^<]*)<`).exec(html)?.[1];
  return { html, role: field('role'), fullName: field('full-name'), guest: field('guest') };
}

describe('who may create rooms (spec 6, decision 067)', () => {
  it('teachers and admins may; a pupil gets 403 bbb.create_not_allowed until the school allows pupils', async () => {
    await roomOf('teacher');
    await roomOf('admin');
    const refused = await asError('student', '/api/bbb', { body: { name: 'Lerngruppe' } });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('bbb.create_not_allowed');
    expect((await asA(PermsResponseSchema, 'student', '/api/perms')).body.permissions.createRooms).toBe(
      false,
    );

    await makeSetting(t, 'students_create_rooms', 'true');
    onTestFinished(() => makeSetting(t, 'students_create_rooms', null));
    expect((await asA(PermsResponseSchema, 'student', '/api/perms')).body.permissions.createRooms).toBe(true);
    const room = await roomOf('student', { userIds: [userId.get('student2')!] });
    const details = await as('student', `/api/bbb/${room.id}`);
    expect(details.body).toMatchObject({ isOwner: true, isModerator: true, canEdit: true });
  });

  it('the setting is a school setting an admin changes in the settings tab; pupils still may not add strangers', async () => {
    const set = await as('admin', '/api/config/key/students_create_rooms', { body: { value: 'true' } });
    expect(set.status, set.text).toBe(200);
    onTestFinished(() => makeSetting(t, 'students_create_rooms', null));
    expect(
      (await asA(SettingsValuesSchema, 'admin', '/api/config/settings')).body.students_create_rooms,
    ).toBe('true');
    // student (5a) may add the people of 5a, not a pupil of 6b, and no group
    const stranger = await asError('student', '/api/bbb', {
      body: { name: 'Lerngruppe', userIds: [userId.get('student3')!] },
    });
    expect(stranger.status).toBe(422);
    expect(stranger.body.code).toBe('bbb.unknown_person');
    const wholeClass = await asError('student', '/api/bbb', {
      body: { name: 'Lerngruppe', groupIds: [group.get('5a')!] },
    });
    expect(wholeClass.body.code).toBe('bbb.unknown_person');
    const people = await asA(RoomPeopleSchema, 'student', '/api/bbb/people');
    expect(people.body.people.map((p) => p.id).sort()).toEqual(
      ['teacher', 'teacher2', 'student2'].map((u) => userId.get(u)!).sort(),
    );
    expect(people.body.groups).toEqual([]);
  });
});

describe("a pupil's room admits no strangers (decision 067)", () => {
  const withGuests = {
    muteOnJoin: true,
    guestPolicy: 'always',
    anyoneCanStart: false,
    maxParticipants: null,
  } as const;
  const pupilsMayCreate = async () => {
    await makeSetting(t, 'students_create_rooms', 'true');
    onTestFinished(() => makeSetting(t, 'students_create_rooms', null));
  };

  it('only a teacher’s (or an admin’s) room may admit guests: 422 bbb.guests_need_teacher, nothing changes', async () => {
    await pupilsMayCreate();
    const refused = await asError('student', '/api/bbb', {
      body: { name: 'Lerngruppe', settings: withGuests },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('bbb.guests_need_teacher');
    const room = await roomOf('student', { name: 'Lerngruppe' });
    for (const [actor, guestPolicy] of [
      ['student', 'always'],
      ['student', 'approval'],
      ['admin', 'always'],
    ] as const) {
      const res = await asError(actor, `/api/bbb/${room.id}`, {
        method: 'PATCH',
        body: { name: 'Umbenannt', settings: { guestPolicy } },
      });
      expect(res.status, `${actor} ${guestPolicy}`).toBe(422);
      expect(res.body.code).toBe('bbb.guests_need_teacher');
    }
    expect((await as('student', `/api/bbb/${room.id}`)).body).toMatchObject({
      name: 'Lerngruppe',
      settings: { guestPolicy: 'none' },
    });
    expect((await roomOf('teacher', { settings: withGuests })).settings.guestPolicy).toBe('always');
    expect((await roomOf('admin', { settings: withGuests })).settings.guestPolicy).toBe('always');
  });

  it("a guest never gets into a pupil's room, even when its row says guests are welcome", async () => {
    await pupilsMayCreate();
    const room = await roomOf('student', { name: 'Lerngruppe' });
    // as a row written before the rule was
    await t.database.db
      .update(bbbRooms)
      .set({ guestPolicy: 'always', anyoneCanStart: true })
      .where(eq(bbbRooms.id, room.id));
    expect((await as(null, `/api/bbb/${room.code}`)).body).toMatchObject({ guestPolicy: 'none' });
    const visitor = await joinError(null, room.code, 'Fremder');
    expect(visitor.status).toBe(403);
    expect(visitor.body.code).toBe('bbb.guests_not_allowed');
    const stranger = await joinError('student3', room.code);
    expect(stranger.status).toBe(403);
    expect(stranger.body.code).toBe('bbb.not_member');
    expect((await asA(RoomDetailsSchema, 'student', `/api/bbb/${room.id}`)).body.settings.guestPolicy).toBe(
      'none',
    );
  });

  it('once the school switches pupils’ rooms off, a pupil may no longer change theirs (403), only delete it', async () => {
    await pupilsMayCreate();
    const room = await roomOf('student', { name: 'Lerngruppe', userIds: [userId.get('student2')!] });
    await makeSetting(t, 'students_create_rooms', null);
    for (const body of [{ name: 'Neu' }, { settings: { muteOnJoin: false } }, { userIds: [] }]) {
      const res = await asError('student', `/api/bbb/${room.id}`, { method: 'PATCH', body });
      expect(res.status, JSON.stringify(body)).toBe(403);
      expect(res.body.code).toBe('bbb.create_not_allowed');
    }
    expect((await as('student', `/api/bbb/${room.id}`)).body).toMatchObject({
      name: 'Lerngruppe',
      settings: { muteOnJoin: true },
      members: [{ id: userId.get('student2') }],
    });
    expect((await as('student', `/api/bbb/${room.id}`, { method: 'DELETE' })).status).toBe(204);
  });
});

describe('whom a room may hold (GET /api/bbb/people, decision 067)', () => {
  it("a teacher: their groups' pupils, all staff and their own groups; adding anyone else is 422 bbb.unknown_person", async () => {
    const people = await asA(RoomPeopleSchema, 'teacher', '/api/bbb/people');
    const ids = people.body.people.map((p) => p.id);
    for (const u of ['student', 'student2', 'teacher2', 'admin', 'superadmin'])
      expect(ids).toContain(userId.get(u));
    for (const u of ['student3', 'student4', 'teacher']) expect(ids).not.toContain(userId.get(u));
    const groupNames = people.body.groups.map((g) => g.name);
    expect(groupNames).toEqual(expect.arrayContaining(['5a', 'Kollegium']));
    expect(groupNames).not.toContain('6b');
    const q = await asA(RoomPeopleSchema, 'teacher', '/api/bbb/people?q=ali');
    expect(q.body.people).toEqual([{ id: userId.get('student2'), name: 'Ali Yilmaz', type: 'S' }]);

    for (const body of [
      { name: 'x', userIds: [userId.get('student3')!] },
      { name: 'x', groupIds: [group.get('6b')!] },
    ]) {
      const res = await asError('teacher', '/api/bbb', { body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.code).toBe('bbb.unknown_person');
    }
    // a moderator must be one of the people
    const mod = await asError('teacher', '/api/bbb', {
      body: { name: 'x', moderatorIds: [userId.get('student')!] },
    });
    expect(mod.body.code).toBe('bbb.unknown_person');
  });

  it('an admin: everyone and every group of the school, never another school', async () => {
    const other = await makeSchool(t);
    const stranger = await makeUser(t, { schoolId: other.id, role: 'teacher' });
    const foreignGroup = await makeGroup(t, { schoolId: other.id });
    const ok = await as('admin', '/api/bbb', {
      body: { name: 'Alle', userIds: [userId.get('student3')!], groupIds: [group.get('6b')!] },
    });
    expect(ok.status).toBe(201);
    for (const body of [
      { name: 'x', userIds: [stranger.id] },
      { name: 'x', groupIds: [foreignGroup.id] },
    ]) {
      const res = await asError('admin', '/api/bbb', { body });
      expect(res.body.code).toBe('bbb.unknown_person');
    }
  });
});

describe('the room list (spec 3.6: page, perPage, q, roomType, showAll)', () => {
  it('own and shared rooms by name, with filters and paging; showAll is for admins', async () => {
    const tag = `Liste${Date.now()}`;
    const pupil = await makeUser(t, { role: 'student' });
    const cookie = await pupil.login();
    const klasse = await makeGroup(t, { members: [pupil.id, 'teacher'] });
    const a = await roomOf('teacher', { name: `${tag} B Mathe`, groupIds: [klasse.id] });
    const b = await roomOf('teacher', { name: `${tag} A Deutsch`, userIds: [pupil.id] });
    const c = await roomOf('teacher', { name: `${tag} C nur ich` });
    const d = await roomOf('teacher2', { name: `${tag} D fremd` });
    const listOpts = (actor: string | null, c2?: string) => ({
      cookie: c2 ?? (actor ? cookies.get(actor) : undefined),
    });
    const list = (actor: string | null, query: string, c2?: string) =>
      callAs(RoomListSchema, t.base, `/api/bbb?q=${tag}&${query}`, listOpts(actor, c2));

    const mine = await list('teacher', 'roomType=own');
    expect(mine.body.items.map((r) => r.id)).toEqual([b.id, a.id, c.id]);
    expect(mine.body.total).toBe(3);
    const shared = await list(null, 'roomType=shared', cookie);
    expect(shared.body.items.map((r) => r.name)).toEqual([`${tag} A Deutsch`, `${tag} B Mathe`]);
    expect(shared.body.items[0]).toMatchObject({ isOwner: false, isModerator: false, canEdit: false });
    expect((await list(null, 'roomType=own', cookie)).body.total).toBe(0);
    const page2 = await list('teacher', 'perPage=2&page=2');
    expect(page2.body).toMatchObject({ total: 3, items: [{ id: c.id }] });

    const forbidden = await call(t.base, `/api/bbb?q=${tag}&showAll=true`, listOpts('teacher'));
    expect(forbidden.status).toBe(403);
    const all = await list('admin', 'showAll=true');
    expect(all.body.items.map((r) => r.id)).toEqual([b.id, a.id, c.id, d.id]);
    expect(all.body.items[3]).toMatchObject({ isModerator: true, canEdit: true, isOwner: false });
    expect((await list('admin', '')).body.total).toBe(0);
    const room = all.body.items[1];
    expect(room).toMatchObject({
      owner: { id: userId.get('teacher'), name: 'Tina Lehmann', type: 'L' },
      groups: [{ id: klasse.id, name: klasse.name }],
      memberCount: 2,
      settings: { muteOnJoin: true, guestPolicy: 'none', anyoneCanStart: false, maxParticipants: null },
    });
    expect(room?.code).toMatch(/^[a-hjkmnp-z2-9]{3}-[a-hjkmnp-z2-9]{3}-[a-hjkmnp-z2-9]{3}$/);
    expect((await call(t.base, '/api/bbb')).status).toBe(401);
  });
});

describe('one room (GET /api/bbb/{id})', () => {
  it('members and admins read room-details; non-members and visitors get 404; the code opens the room page', async () => {
    const room = await roomOf('teacher', {
      groupIds: [group.get('5a')!],
      userIds: [userId.get('teacher2')!],
      moderatorIds: [userId.get('teacher2')!],
    });
    const member = await as('student', `/api/bbb/${room.id}`);
    expect(member.status).toBe(200);
    expect(member.body).toMatchObject({
      members: [{ id: userId.get('teacher2'), name: 'Tom Becker', type: 'L', moderator: true }],
      running: false,
      participantCount: 0,
      memberCount: 4,
    });
    expect((await as('admin', `/api/bbb/${room.id}`)).status).toBe(200);
    for (const outsider of ['student3', null])
      expect((await as(outsider, `/api/bbb/${room.id}`)).status).toBe(404);
    // by code: anyone, no login, only what a guest needs
    const page = await as(null, `/api/bbb/${room.code.toUpperCase().replaceAll('-', ' ')}`);
    expect(page.status).toBe(200);
    expect(page.body).toEqual({
      code: room.code,
      name: room.name,
      running: false,
      guestPolicy: 'none',
      serverConfigured: true,
      member: false,
      id: null,
    });
    expect((await as('student', `/api/bbb/${room.code}`)).body).toMatchObject({ member: true, id: room.id });
    expect((await as('student3', `/api/bbb/${room.code}`)).body).toMatchObject({ member: false, id: null });
  });
});

describe('changing and deleting a room (spec 4.6)', () => {
  it("a pupil cannot edit or delete a teacher's room; a non-member gets 404", async () => {
    const room = await roomOf('teacher', { groupIds: [group.get('5a')!] });
    const edit = await asError('student', `/api/bbb/${room.id}`, {
      method: 'PATCH',
      body: { name: 'Meins' },
    });
    expect(edit.status).toBe(403);
    expect(edit.body.code).toBe('bbb.not_room_owner');
    const revoke = await asError('student', `/api/bbb/${room.id}`, {
      method: 'PATCH',
      body: { revokeCode: true },
    });
    expect(revoke.body.code).toBe('bbb.not_room_owner');
    const del = await asError('student', `/api/bbb/${room.id}`, { method: 'DELETE' });
    expect(del.status).toBe(403);
    expect(del.body.code).toBe('bbb.not_room_owner');
    expect(
      (await as('student3', `/api/bbb/${room.id}`, { method: 'PATCH', body: { name: 'x' } })).status,
    ).toBe(404);
    expect((await as('student3', `/api/bbb/${room.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await asA(RoomDetailsSchema, 'teacher', `/api/bbb/${room.id}`)).body.name).toBe(room.name);
  });

  it('the owner promotes a member to moderator and revokes it; a moderator may only revoke the code', async () => {
    const room = await roomOf('teacher', { userIds: [userId.get('student')!, userId.get('student2')!] });
    const promote = await asA(RoomDetailsSchema, 'teacher', `/api/bbb/${room.id}`, {
      method: 'PATCH',
      body: { moderator: { userId: userId.get('student')!, moderator: true } },
    });
    expect(promote.status, promote.text).toBe(200);
    expect(promote.body.members).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: userId.get('student'), moderator: true }),
        expect.objectContaining({ id: userId.get('student2'), moderator: false }),
      ]),
    );
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'bbb.moderator_change'), eq(auditLog.targetId, userId.get('student')!)));
    expect(audited.at(-1)!.details).toMatchObject({ roomId: room.id, moderator: true });

    // the promoted pupil: a new code, yes; a new name or another moderator, no
    const asModerator = await as('student', `/api/bbb/${room.id}`);
    expect(asModerator.body).toMatchObject({ isModerator: true, canEdit: false });
    const revoked = await asA(RoomDetailsSchema, 'student', `/api/bbb/${room.id}`, {
      method: 'PATCH',
      body: { revokeCode: true },
    });
    expect(revoked.status).toBe(200);
    expect(revoked.body.code).not.toBe(room.code);
    for (const body of [
      { name: 'Meins' },
      { moderator: { userId: userId.get('student2')!, moderator: true } },
    ]) {
      const res = await asError('student', `/api/bbb/${room.id}`, { method: 'PATCH', body });
      expect(res.body.code, JSON.stringify(body)).toBe('bbb.not_room_owner');
    }
    // a person who is not one of the room's people cannot be promoted
    const stranger = await asError('teacher', `/api/bbb/${room.id}`, {
      method: 'PATCH',
      body: { moderator: { userId: userId.get('teacher2')!, moderator: true } },
    });
    expect(stranger.body.code).toBe('bbb.unknown_person');
    const down = await asA(RoomDetailsSchema, 'teacher', `/api/bbb/${room.id}`, {
      method: 'PATCH',
      body: { moderator: { userId: userId.get('student')!, moderator: false } },
    });
    expect(down.body.members.find((m) => m.id === userId.get('student'))?.moderator).toBe(false);
    expect(
      (await as('student', `/api/bbb/${room.id}`, { method: 'PATCH', body: { revokeCode: true } })).status,
    ).toBe(403);
  });

  it('an empty change by a member who may not edit is 403 too; the owner’s is no change', async () => {
    const room = await roomOf('teacher', {
      userIds: [userId.get('student')!, userId.get('student2')!],
      moderatorIds: [userId.get('student2')!],
    });
    // a member, and a moderator (who may only revoke the code)
    for (const actor of ['student', 'student2']) {
      const res = await asError(actor, `/api/bbb/${room.id}`, { method: 'PATCH', body: {} });
      expect(res.status, actor).toBe(403);
      expect(res.body.code).toBe('bbb.not_room_owner');
    }
    const owner = await as('teacher', `/api/bbb/${room.id}`, { method: 'PATCH', body: {} });
    expect(owner.status).toBe(200);
    expect(owner.body).toMatchObject({ name: room.name, code: room.code });
  });

  it('parallel changes build on each other (no lost update); a change racing a delete is 404, never 500', async () => {
    const people = ['student', 'student2'].map((u) => userId.get(u)!);
    const room = await roomOf('teacher', { userIds: people });
    const promote = (id: number) =>
      as('teacher', `/api/bbb/${room.id}`, {
        method: 'PATCH',
        body: { moderator: { userId: id, moderator: true } },
      });
    const both = await Promise.all(people.map(promote));
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    const after = await asA(RoomDetailsSchema, 'teacher', `/api/bbb/${room.id}`);
    expect(after.body.members.map((m) => m.moderator)).toEqual([true, true]);

    for (let i = 0; i < 4; i++) {
      const doomed = await roomOf('teacher');
      const [change, del] = await Promise.all([
        as('teacher', `/api/bbb/${doomed.id}`, {
          method: 'PATCH',
          body: { name: 'Noch da?', userIds: people, groupIds: [group.get('5a')!], revokeCode: true },
        }),
        as('teacher', `/api/bbb/${doomed.id}`, { method: 'DELETE' }),
      ]);
      expect(del.status).toBe(204);
      expect([200, 404], change.text).toContain(change.status);
      expect((await as('teacher', `/api/bbb/${doomed.id}`)).status).toBe(404);
    }
  });

  it("the owner changes name, people, groups and settings; an admin's additions outside the owner's reach stay", async () => {
    const room = await roomOf('teacher');
    const adminEdit = await as('admin', `/api/bbb/${room.id}`, {
      method: 'PATCH',
      body: { userIds: [userId.get('student3')!] },
    });
    expect(adminEdit.status, adminEdit.text).toBe(200);
    const res = await asA(RoomDetailsSchema, 'teacher', `/api/bbb/${room.id}`, {
      method: 'PATCH',
      body: {
        name: '  Klasse 5a Mathe  ',
        userIds: [userId.get('student3')!, userId.get('student2')!],
        groupIds: [group.get('5a')!],
        settings: { guestPolicy: 'approval', maxParticipants: 30 },
      },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Klasse 5a Mathe',
      settings: { muteOnJoin: true, guestPolicy: 'approval', anyoneCanStart: false, maxParticipants: 30 },
      groups: [{ name: '5a' }],
    });
    expect(res.body.members.map((m) => m.id).sort()).toEqual(
      [userId.get('student3')!, userId.get('student2')!].sort(),
    );
    const bad = await as('teacher', `/api/bbb/${room.id}`, {
      method: 'PATCH',
      body: { settings: { maxParticipants: 1 } },
    });
    expect(bad.status).toBe(400);
  });

  it('the owner deletes a room and its running meeting ends; an admin may delete any room', async () => {
    const room = await roomOf('teacher');
    expect((await joinAs('teacher', room.id)).body.status).toBe('ready');
    const meetingId = await meetingIdOf(room.id);
    expect(bbb.meetings.has(meetingId)).toBe(true);
    expect((await as('teacher', `/api/bbb/${room.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(bbb.meetings.get(meetingId)!.endTime).not.toBe(0);
    expect((await as('teacher', `/api/bbb/${room.id}`)).status).toBe(404);
    const other = await roomOf('teacher2');
    expect((await as('admin', `/api/bbb/${other.id}`, { method: 'DELETE' })).status).toBe(204);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'bbb.room_delete'), sql`(${auditLog.details}->>'roomId')::int = ${other.id}`),
      );
    expect(entry).toMatchObject({ actorId: userId.get('admin') });
  });
});

describe('joining (spec 3.6, 8; decision 067)', () => {
  it('a member waits until a moderator starts; the owner starts it as MODERATOR; then the member joins as VIEWER', async () => {
    const room = await roomOf('teacher', { groupIds: [group.get('5a')!] });
    bbb.clearCalls();
    const waiting = await join('student', room.id);
    expect(waiting.status).toBe(200);
    expect(waiting.body).toEqual({ status: 'waiting' });
    expect(bbb.callNames()).toEqual(['getMeetingInfo']);

    bbb.clearCalls();
    const start = await joinAs('teacher', room.id, 'Ein anderer Name');
    expect(start.body.status).toBe('ready');
    // the join counts BBB calls: getMeetingInfo, and create only when the meeting is not there yet
    expect(bbb.callNames()).toEqual(['getMeetingInfo', 'create']);
    const url = new URL(urlOf(start));
    expect(url.origin + url.pathname).toBe(`${bbb.url}/join`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      fullName: 'Tina Lehmann',
      role: 'MODERATOR',
      userID: `aula-${userId.get('teacher')}`,
      redirect: 'true',
    });
    expect(url.searchParams.has('guest')).toBe(false);
    expect(await landing(urlOf(start))).toMatchObject({ role: 'MODERATOR', fullName: 'Tina Lehmann' });
    const meeting = bbb.meetings.get(await meetingIdOf(room.id))!;
    expect(meeting).toMatchObject({
      name: room.name,
      muteOnStart: true,
      guestPolicy: 'ALWAYS_DENY',
      maxParticipants: 0,
    });
    // code-independent: a revoke while the meeting runs must not send everyone to a dead page
    expect(meeting.logoutURL).toBe(`${t.base}/`);
    expect(meeting.meta).toMatchObject({ 'aula-room-id': String(room.id), 'bbb-origin': 'Aula' });

    bbb.clearCalls();
    const now = await joinAs('student', room.id);
    expect(bbb.callNames()).toEqual(['getMeetingInfo']);
    expect(await landing(urlOf(now))).toMatchObject({
      role: 'VIEWER',
      fullName: 'Sara Schmidt',
      guest: 'false',
    });
    expect((await as('student', `/api/bbb/${room.id}`)).body).toMatchObject({
      running: true,
      participantCount: 2,
    });
  });

  it('moderators are the owner, promoted members and admins; anyoneCanStart lets a member start', async () => {
    const room = await roomOf('teacher', {
      userIds: [userId.get('student')!, userId.get('student2')!],
      moderatorIds: [userId.get('student')!],
      settings: { muteOnJoin: false, guestPolicy: 'none', anyoneCanStart: true, maxParticipants: null },
    });
    bbb.clearCalls();
    const first = await joinAs('student2', room.id);
    expect(bbb.callNames()).toEqual(['getMeetingInfo', 'create']);
    expect(new URL(urlOf(first)).searchParams.get('role')).toBe('VIEWER');
    expect(new URL(urlOf(await joinAs('student', room.id))).searchParams.get('role')).toBe('MODERATOR');
    expect(new URL(urlOf(await joinAs('admin', room.id))).searchParams.get('role')).toBe('MODERATOR');
    expect(bbb.meetings.get(await meetingIdOf(room.id))!.muteOnStart).toBe(false);
  });

  it('a non-member cannot join a members-only room: 404 by number, 403 bbb.not_member by code', async () => {
    const room = await roomOf('teacher', { groupIds: [group.get('5a')!] });
    expect((await join('student3', room.id)).status).toBe(404);
    const byCode = await joinError('student3', room.code);
    expect(byCode.status).toBe(403);
    expect(byCode.body.code).toBe('bbb.not_member');
    const visitor = await joinError(null, room.code, 'Gast');
    expect(visitor.status).toBe(403);
    expect(visitor.body.code).toBe('bbb.guests_not_allowed');
    expect((await join(null, room.id, 'Gast')).status).toBe(404);
  });

  it('a guest joins a guest room only with the current code and a name, as VIEWER; the join is audited', async () => {
    const room = await roomOf('teacher', {
      settings: { muteOnJoin: true, guestPolicy: 'always', anyoneCanStart: false, maxParticipants: null },
    });
    const early = await join(null, room.code, 'Frau Özdemir');
    expect(early.body).toEqual({ status: 'waiting' });
    await join('teacher', room.id);
    const nameless = await joinError(null, room.code);
    expect(nameless.status).toBe(422);
    expect(nameless.body.code).toBe('bbb.guest_name_required');
    expect((await joinError(null, room.code, '   ')).body.code).toBe('bbb.guest_name_required');
    const guest = await joinAs(null, room.code, '  Frau Özdemir ');
    expect(guest.status).toBe(200);
    const url = new URL(urlOf(guest));
    expect(url.searchParams.get('role')).toBe('VIEWER');
    expect(url.searchParams.get('guest')).toBe('true');
    expect(url.searchParams.get('userID')).toMatch(/^guest-[0-9a-f]{16}$/);
    expect(await landing(urlOf(guest))).toMatchObject({
      role: 'VIEWER',
      fullName: 'Frau Özdemir (Gast)',
      guest: 'true',
    });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'bbb.guest_join'), sql`(${auditLog.details}->>'roomId')::int = ${room.id}`),
      );
    expect(entry!.details).toMatchObject({ name: 'Frau Özdemir' });

    // revoking the code: the old one is 404 for the page and the join, the new one works
    const revoked = await asA(RoomDetailsSchema, 'teacher', `/api/bbb/${room.id}`, {
      method: 'PATCH',
      body: { revokeCode: true },
    });
    expect((await join(null, room.code, 'Gast')).status).toBe(404);
    expect((await as(null, `/api/bbb/${room.code}`)).status).toBe(404);
    expect((await joinAs(null, revoked.body.code, 'Gast')).body.status).toBe('ready');
  });

  it('in an approval room a guest joins with guest=true and waits in the lobby for a moderator', async () => {
    const room = await roomOf('teacher', {
      settings: { muteOnJoin: true, guestPolicy: 'approval', anyoneCanStart: false, maxParticipants: null },
    });
    await join('teacher', room.id);
    expect(bbb.meetings.get(await meetingIdOf(room.id))!.guestPolicy).toBe('ASK_MODERATOR');
    const guest = await joinAs(null, room.code, 'Herr Gast');
    expect(new URL(urlOf(guest)).searchParams.get('guest')).toBe('true');
    const page = await landing(urlOf(guest));
    expect(page.html).toContain("Waiting for a moderator's approval");
    // a member of the room is no guest there
    const member = await joinAs('teacher', room.code);
    expect(new URL(urlOf(member)).searchParams.has('guest')).toBe(false);
  });

  it("a room named Kevin's Raum starts and a guest Sinéad O'Brien joins: ' is signed as BBB checks it", async () => {
    const room = await roomOf('teacher', {
      name: "Kevin's Raum (5a)",
      settings: { muteOnJoin: true, guestPolicy: 'always', anyoneCanStart: false, maxParticipants: null },
    });
    bbb.clearCalls();
    const start = await join('teacher', room.id);
    expect(start.status, start.text).toBe(200);
    expect(bbb.meetings.get(await meetingIdOf(room.id))!.name).toBe("Kevin's Raum (5a)");
    const guest = await joinAs(null, room.code, "Sinéad O'Brien");
    expect(guest.status, guest.text).toBe(200);
    // fetch parses the address as a browser does (a bare ' would become %27)
    expect(await landing(urlOf(guest))).toMatchObject({
      role: 'VIEWER',
      fullName: 'Sinéad O&apos;Brien (Gast)',
    });
    expect(bbb.calls.slice(-4).map((c) => c.messageKey)).not.toContain('checksumError');
  });

  it('a join address is bound to one session (createTime): after the meeting ends and starts again, older ones are refused', async () => {
    const room = await roomOf('teacher', {
      groupIds: [group.get('5a')!],
      settings: { muteOnJoin: true, guestPolicy: 'always', anyoneCanStart: false, maxParticipants: null },
    });
    const first = await joinAs('teacher', room.id);
    const meetingId = await meetingIdOf(room.id);
    const session1 = bbb.meetings.get(meetingId)!.createTime;
    expect(new URL(urlOf(first)).searchParams.get('createTime')).toBe(String(session1));
    const member1 = urlOf(await joinAs('student', room.id));
    const guest1 = urlOf(await joinAs(null, room.code, 'Frau Gast'));
    expect(new URL(guest1).searchParams.get('createTime')).toBe(String(session1));

    // revoking the code while the meeting runs: the old code stops at once (page and join); the addresses
    // already handed out stay good for this session (BBB cannot revoke one address short of ending it)
    const revoked = await asA(RoomDetailsSchema, 'teacher', `/api/bbb/${room.id}`, {
      method: 'PATCH',
      body: { revokeCode: true },
    });
    expect(revoked.status, revoked.text).toBe(200);
    expect(bbb.meetings.get(meetingId)!.endTime).toBe(0);
    expect((await join(null, room.code, 'Frau Gast')).status).toBe(404);
    expect((await as(null, `/api/bbb/${room.code}`)).status).toBe(404);
    expect(await landing(guest1)).toMatchObject({ role: 'VIEWER' });

    // the moderator ends the meeting in BBB; an ended session counts as not running
    bbb.end(meetingId);
    expect((await join('student', room.id)).body).toEqual({ status: 'waiting' });
    expect((await landing(member1)).html).toContain('<messageKey>meetingForciblyEnded</messageKey>');
    // the next session: every address of the first is refused by the server, new ones work
    const second = await joinAs('teacher', room.id);
    expect(second.body.status).toBe('ready');
    const session2 = bbb.meetings.get(meetingId)!.createTime;
    expect(session2).toBeGreaterThan(session1);
    for (const old of [urlOf(first), member1, guest1])
      expect((await landing(old)).html).toContain('<messageKey>mismatchCreateTimeParam</messageKey>');
    expect(await landing(urlOf(second))).toMatchObject({ role: 'MODERATOR' });
    const guest2 = await joinAs(null, revoked.body.code, 'Frau Gast');
    expect(new URL(urlOf(guest2)).searchParams.get('createTime')).toBe(String(session2));
    expect(await landing(urlOf(guest2))).toMatchObject({ role: 'VIEWER' });
  });

  it('guests never start a meeting, not even where anyone may start; a member does', async () => {
    const room = await roomOf('teacher', {
      groupIds: [group.get('5a')!],
      settings: { muteOnJoin: true, guestPolicy: 'always', anyoneCanStart: true, maxParticipants: null },
    });
    bbb.clearCalls();
    expect((await join(null, room.code, 'Herr Gast')).body).toEqual({ status: 'waiting' });
    // a signed-in non-member comes by code as a guest too
    expect((await join('student3', room.code)).body).toEqual({ status: 'waiting' });
    expect(bbb.callNames()).toEqual(['getMeetingInfo', 'getMeetingInfo']);
    const member = await joinAs('student', room.id);
    expect(member.body.status).toBe('ready');
    expect(bbb.callNames().at(-1)).toBe('create');
    const guest = await joinAs('student3', room.code);
    expect(new URL(urlOf(guest)).searchParams.get('guest')).toBe('true');
    expect(await landing(urlOf(guest))).toMatchObject({ role: 'VIEWER', guest: 'true' });
  });

  it('a room without guests is created with guestPolicy ALWAYS_DENY: BBB itself refuses a guest address', async () => {
    const room = await roomOf('teacher', { groupIds: [group.get('5a')!] });
    await join('teacher', room.id);
    const meeting = bbb.meetings.get(await meetingIdOf(room.id))!;
    expect(meeting.guestPolicy).toBe('ALWAYS_DENY');
    // an address for a guest, signed with the school's secret, as if Aula had handed one out by mistake
    const url = joinUrl(
      { url: bbb.url, secret: bbb.secret, algorithm: bbb.algorithm, allowInternal: true },
      {
        fullName: 'Fremder',
        meetingID: meeting.meetingID,
        role: 'VIEWER',
        password: meeting.attendeePW,
        createTime: meeting.createTime,
        guest: true,
      },
    );
    expect((await landing(url)).html).toContain('<messageKey>guestDeniedAccess</messageKey>');
  });

  it('a guest cannot pose as a teacher: BBB shows their name with " (Gast)", under a userID of their own', async () => {
    const room = await roomOf('teacher', {
      settings: { muteOnJoin: true, guestPolicy: 'always', anyoneCanStart: false, maxParticipants: null },
    });
    await join('teacher', room.id);
    const params = async (actor: string | null, name?: string) =>
      new URL(urlOf(await joinAs(actor, room.code, name))).searchParams;
    const posing = await params(null, 'Tina Lehmann');
    expect(posing.get('fullName')).toBe('Tina Lehmann (Gast)');
    expect(posing.get('role')).toBe('VIEWER');
    // typed with the suffix already: once, not twice
    expect((await params(null, 'Herr Gast (gast)')).get('fullName')).toBe('Herr Gast (Gast)');
    // a signed-in non-member is a guest in this room too, under their own name
    const outsider = await params('student3');
    expect(outsider.get('fullName')).toMatch(/ \(Gast\)$/);
    // each guest address has a userID of its own, never a member's
    const ids = [posing, outsider, await params(null, 'Tina Lehmann')].map((p) => p.get('userID'));
    for (const id of ids) expect(id).toMatch(/^guest-[0-9a-f]{16}$/);
    expect(new Set(ids).size).toBe(3);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'bbb.guest_join'), sql`(${auditLog.details}->>'roomId')::int = ${room.id}`),
      );
    expect(entry!.details).toMatchObject({ name: 'Tina Lehmann' });
  });

  it('a guest name is normalised before " (Gast)" (decision 081): invisible and formatting characters go', async () => {
    const room = await roomOf('teacher', {
      settings: { muteOnJoin: true, guestPolicy: 'always', anyoneCanStart: false, maxParticipants: null },
    });
    await join('teacher', room.id);
    // nothing but a braille blank, zero-width spaces, an override or a Hangul filler is no name
    for (const name of ['\u2800', '\u200B\u200B', '\u202E', '\u3164 \u2800']) {
      const res = await joinError(null, room.code, name);
      expect(res.status, JSON.stringify(name)).toBe(422);
      expect(res.body.code).toBe('bbb.guest_name_required');
    }
    const fullName = async (name: string) =>
      new URL(urlOf(await joinAs(null, room.code, name))).searchParams.get('fullName');
    // an override that would show "(Gast)" reversed, padding and zero-width spaces inside the name go
    expect(await fullName('Tina\u200B Lehmann\u2800\u202E)tsaG(')).toBe('Tina Lehmann)tsaG( (Gast)');
    expect(await fullName('\u2800Tina   Lehmann\u2800 (Gast)')).toBe('Tina Lehmann (Gast)');
    // a Persian name keeps its zero-width non-joiner inside the word
    expect(await fullName('\u200Cمریم عبدالله\u200Cزاده\u200C')).toBe('مریم عبدالله\u200Cزاده (Gast)');
    // at most 64 characters
    const long = await joinError(null, room.code, 'a'.repeat(65));
    expect(long.status).toBe(400);
    expect(long.body.code).toBe('common.validation');
  });

  it('nobody joins while impersonating: 403 auth.not_while_impersonating, by number and by code', async () => {
    const room = await roomOf('teacher', {
      groupIds: [group.get('5a')!],
      settings: { muteOnJoin: true, guestPolicy: 'always', anyoneCanStart: true, maxParticipants: null },
    });
    const start = await call(t.base, `/api/users/impersonate/${userId.get('student')}`, {
      cookie: await loginAs(t.base, 'superadmin'),
      body: { reason: 'Hilfe bei den Videoräumen' },
    });
    expect(start.status, start.text).toBe(200);
    const cookie = cookiesFrom(start);
    // the room is there to look at, not to enter under the pupil's name
    expect((await call(t.base, `/api/bbb/${room.id}`, { cookie })).status).toBe(200);
    for (const ref of [room.id, room.code]) {
      const res = await callError(t.base, `/api/bbb/${ref}/join?name=Jemand`, {
        cookie,
        headers: { 'x-aula-csrf': '1' },
      });
      expect(res.status, String(ref)).toBe(403);
      expect(res.body.code).toBe('auth.not_while_impersonating');
    }
    expect(bbb.meetings.has(await meetingIdOf(room.id))).toBe(false);
  });

  it('two moderators joining at once make one meeting; both addresses work', async () => {
    const room = await roomOf('teacher', {
      userIds: [userId.get('teacher2')!],
      moderatorIds: [userId.get('teacher2')!],
    });
    bbb.clearCalls();
    const [a, b] = await Promise.all([joinAs('teacher', room.id), joinAs('teacher2', room.id)]);
    expect([a.body.status, b.body.status]).toEqual(['ready', 'ready']);
    const meetingId = await meetingIdOf(room.id);
    expect([...bbb.meetings.values()].filter((m) => m.meetingID === meetingId)).toHaveLength(1);
    const createTime = String(bbb.meetings.get(meetingId)!.createTime);
    for (const res of [a, b]) {
      expect(new URL(urlOf(res)).searchParams.get('createTime')).toBe(createTime);
      expect(await landing(urlOf(res))).toMatchObject({ role: 'MODERATOR' });
    }
    expect(bbb.meetings.get(meetingId)!.participants).toHaveLength(2);
  });

  it('the room page asks BBB about a meeting at most once in STATUS_CACHE_MS; a start or an end shows at once', async () => {
    const room = await roomOf('teacher', {
      settings: { muteOnJoin: true, guestPolicy: 'always', anyoneCanStart: false, maxParticipants: null },
    });
    const meetingId = await meetingIdOf(room.id);
    const asked = () =>
      bbb.calls.filter((c) => c.call === 'getMeetingInfo' && c.params.meetingID === meetingId).length;
    const page = async () => (await asA(PublicRoomSchema, null, `/api/bbb/${room.code}`)).body.running;
    expect(await page()).toBe(false);
    expect(await page()).toBe(false);
    expect((await asA(RoomDetailsSchema, 'teacher', `/api/bbb/${room.id}`)).body.running).toBe(false);
    expect(asked()).toBe(1);
    // the teacher starts it: the page knows at once
    await join('teacher', room.id);
    expect(await page()).toBe(true);
    expect(await page()).toBe(true);
    const afterStart = asked();
    // ended in BBB behind Aula's back: known once the kept answer is old; an ended session is not running
    bbb.end(meetingId);
    expect(await page()).toBe(true);
    t.clock.advance(STATUS_CACHE_MS);
    expect(await page()).toBe(false);
    expect((await as('teacher', `/api/bbb/${room.id}`)).body).toMatchObject({
      running: false,
      participantCount: 0,
    });
    expect(asked()).toBe(afterStart + 1);
  });

  it('a code taken meanwhile is drawn again: the unique index refuses it, the write retries', async () => {
    const owner = userId.get('teacher')!;
    const taken = (await roomOf('teacher')).code;
    const codes = [taken, taken, 'kkk-234-kkk'];
    const drawn: string[] = [];
    const next = () => {
      const code = codes[drawn.length] ?? randomCode();
      drawn.push(code);
      return code;
    };
    const id = await withFreshCode(
      (code) =>
        insertRoom(t.database.db, {
          schoolId,
          ownerId: owner,
          name: 'Zweiter Versuch',
          code,
          ...newMeeting(),
          muteOnJoin: true,
          guestPolicy: 'none',
          anyoneCanStart: false,
          maxParticipants: null,
          createdAt: new Date(),
        }),
      next,
    );
    expect(drawn).toEqual(codes);
    const [row] = await t.database.db.select().from(bbbRooms).where(eq(bbbRooms.id, id));
    expect(row!.code).toBe('kkk-234-kkk');
  });

  it('a full room answers 409 bbb.max_users', async () => {
    const room = await roomOf('teacher', {
      groupIds: [group.get('5a')!],
      settings: { muteOnJoin: true, guestPolicy: 'none', anyoneCanStart: false, maxParticipants: 3 },
    });
    await join('teacher', room.id);
    bbb.addParticipants(await meetingIdOf(room.id), 3);
    const full = await join('student', room.id);
    expect(full.status).toBe(409);
    expect(full.body).toMatchObject({ code: 'bbb.max_users', params: { max: 3 } });
  });

  it('without a video server: rooms work, joining says 409 bbb.no_server; the page says none is configured', async () => {
    await keepSettings();
    const removed = await as('admin', '/api/config/bbb', { method: 'PUT', body: { settings: null } });
    expect(removed.body).toEqual({ settings: null, secretSet: false });
    expect((await asA(ServerStatusSchema, 'admin', '/api/status')).body.integrations.video).toBe(
      'not_configured',
    );
    const room = await roomOf('teacher');
    expect(room).toMatchObject({ running: null });
    const res = await joinError('teacher', room.id);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('bbb.no_server');
    expect((await as(null, `/api/bbb/${room.code}`)).body).toMatchObject({
      serverConfigured: false,
      running: null,
    });
  });

  it('video server trouble is 504 bbb.server_error, never 502 or 418; the user stays signed in', async () => {
    await keepSettings();
    const room = await roomOf('teacher');
    const down = createServer();
    await new Promise<void>((resolve) => down.listen(0, '127.0.0.1', resolve));
    const port = (down.address() as { port: number }).port;
    await new Promise<void>((resolve) => down.close(() => resolve()));
    await configure({ url: `http://127.0.0.1:${port}/bigbluebutton/api`, secret: 's', algorithm: 'sha256' });
    const res = await joinError('teacher', room.id);
    expect(res.status).toBe(504);
    expect(res.body.code).toBe('bbb.server_error');
    // the wrong secret: BBB refuses the checksum
    await configure({ ...bbb, secret: 'not-the-secret' });
    const refused = await join('teacher', room.id);
    expect(refused.status).toBe(504);
    expect((await as('teacher', '/api/self')).status).toBe(200);
    // the details show an unknown status instead of failing
    expect((await as('teacher', `/api/bbb/${room.id}`)).body).toMatchObject({
      running: null,
      participantCount: null,
    });
  });

  it.each(BBB_CHECKSUM_ALGORITHMS)(
    'signs every call and the join address with %s as the server checks',
    async (algorithm) => {
      await keepSettings();
      const server = await startBbbServer({ algorithm });
      onTestFinished(() => server.close());
      await configure(server);
      const room = await roomOf('teacher', { groupIds: [group.get('5a')!] });
      const res = await joinAs('teacher', room.id);
      expect(res.body.status).toBe('ready');
      expect(new URL(urlOf(res)).searchParams.get('checksum')).toHaveLength(
        { sha1: 40, sha256: 64, sha512: 128 }[algorithm],
      );
      expect(await landing(urlOf(res))).toMatchObject({ role: 'MODERATOR' });
      expect(await landing(urlOf(await joinAs('student', room.id)))).toMatchObject({ role: 'VIEWER' });
      expect(server.calls.map((c) => c.messageKey)).not.toContain('checksumError');
    },
  );

  it('the join needs the custom header (it may start a meeting): a cross-site link gets 403 common.csrf', async () => {
    const room = await roomOf('teacher');
    const res = await joinError('teacher', room.id, undefined, { csrf: false });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('common.csrf');
    expect(bbb.meetings.has(await meetingIdOf(room.id))).toBe(false);
  });
});

describe('the server settings (GET, PUT /api/config/bbb, POST /api/config/bbb/test)', () => {
  it('admins only; the secret is sealed, never sent back, never in the audit log', async () => {
    for (const [actor, status] of [
      ['teacher', 403],
      ['student', 403],
      [null, 401],
    ] as const) {
      expect((await as(actor, '/api/config/bbb')).status, String(actor)).toBe(status);
      expect((await as(actor, '/api/config/bbb/test', { body: {} })).status).toBe(status);
      expect((await as(actor, '/api/config/bbb', { method: 'PUT', body: { settings: null } })).status).toBe(
        status,
      );
    }
    const view = await as('admin', '/api/config/bbb');
    expect(view.body).toEqual({
      settings: { url: bbb.url, checksumAlgorithm: 'sha256', allowInternal: true },
      secretSet: true,
    });
    expect(view.text).not.toContain(SECRET_CANARY);
    const stored = await t.database.db.select().from(config).where(eq(config.key, 'bbb_secret'));
    expect(stored[0]!.value).toMatch(/^v1\./);
    expect(JSON.stringify(stored)).not.toContain(SECRET_CANARY);
    const audits = await t.database.db.select().from(auditLog);
    expect(JSON.stringify(audits)).not.toContain(SECRET_CANARY);
    expect(
      audits.some((a) => a.action === 'config.change' && (a.details as { key?: string }).key === 'bbb'),
    ).toBe(true);
    // the status tab shows the video server as configured
    expect((await asA(ServerStatusSchema, 'admin', '/api/status')).body.integrations.video).toBe(
      'configured',
    );
  });

  it('the secret is trimmed: one pasted with spaces around it signs as the server checks', async () => {
    await keepSettings();
    const res = await as('admin', '/api/config/bbb', {
      method: 'PUT',
      body: {
        settings: { url: bbb.url, checksumAlgorithm: 'sha256', allowInternal: true },
        secret: `  ${bbb.secret}   `,
      },
    });
    expect(res.status, res.text).toBe(200);
    expect((await as('admin', '/api/config/bbb/test', { body: {} })).body).toMatchObject({ ok: true });
    expect(
      (await as('admin', '/api/config/bbb/test', { body: { secret: ` ${bbb.secret} ` } })).body,
    ).toMatchObject({ ok: true });
    const room = await roomOf('teacher');
    const started = await joinAs('teacher', room.id);
    expect(started.status, started.text).toBe(200);
    expect(await landing(urlOf(started))).toMatchObject({ role: 'MODERATOR' });
  });

  it('an empty secret keeps the stored one', async () => {
    await keepSettings();
    const res = await asA(BbbSettingsViewSchema, 'admin', '/api/config/bbb', {
      method: 'PUT',
      body: { settings: { url: bbb.url, checksumAlgorithm: 'sha256', allowInternal: true }, secret: '' },
    });
    expect(res.body.secretSet).toBe(true);
    expect((await as('admin', '/api/config/bbb/test', { body: {} })).body).toEqual({
      ok: true,
      problem: null,
      version: '2.7.4',
    });
  });

  describe('the connection test says the one thing that is wrong', () => {
    let other: Server;
    let otherUrl = '';
    let closedUrl = '';
    beforeAll(async () => {
      other = createServer((_req, res) =>
        res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Moodle</h1>'),
      );
      await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
      otherUrl = `http://127.0.0.1:${(other.address() as { port: number }).port}/bigbluebutton/api`;
      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      closedUrl = `http://127.0.0.1:${(closed.address() as { port: number }).port}/bigbluebutton/api`;
      await new Promise<void>((resolve) => closed.close(() => resolve()));
    });
    afterAll(() => new Promise<void>((resolve) => other.close(() => resolve())));

    const test = (settings: object | undefined, secret?: string) =>
      as('admin', '/api/config/bbb/test', { body: { settings, secret } });
    const settings = (url: string, allowInternal = true) => ({
      url,
      checksumAlgorithm: 'sha256',
      allowInternal,
    });

    it.each([
      ['ok', () => settings(bbb.url), undefined, null],
      ['wrong_secret', () => settings(bbb.url), 'wrong-secret', 'wrong_secret'],
      ['not_bbb', () => settings(otherUrl), 'x', 'not_bbb'],
      ['unreachable', () => settings(closedUrl), 'x', 'unreachable'],
      ['blocked_address', () => settings(bbb.url, false), undefined, 'blocked_address'],
    ] as const)('%s', async (_name, make, secret, problem) => {
      const res = await test(make(), secret);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ ok: problem === null, problem });
    });

    it('not_configured: no settings stored and none given', async () => {
      await keepSettings();
      await as('admin', '/api/config/bbb', { method: 'PUT', body: { settings: null } });
      expect((await test(undefined)).body).toMatchObject({ ok: false, problem: 'not_configured' });
      expect((await test(settings(bbb.url))).body).toMatchObject({ problem: 'not_configured' });
    });
  });
});

describe('the feature switch and the other school', () => {
  it('with bbb switched off every room route answers 404', async () => {
    const room = await roomOf('teacher');
    await makeSetting(t, 'enabled_features', 'sick,camera');
    onTestFinished(() => makeSetting(t, 'enabled_features', null));
    const calls: [string | null, string, Parameters<typeof call>[2]][] = [
      ['teacher', '/api/bbb', {}],
      ['teacher', '/api/bbb', { body: { name: 'x' } }],
      ['teacher', '/api/bbb/people', {}],
      ['teacher', `/api/bbb/${room.id}`, {}],
      [null, `/api/bbb/${room.code}`, {}],
      ['teacher', `/api/bbb/${room.id}`, { method: 'PATCH', body: { name: 'x' } }],
      ['teacher', `/api/bbb/${room.id}/join`, { headers: { 'x-aula-csrf': '1' } }],
      [null, `/api/bbb/${room.code}/join?name=Gast`, { headers: { 'x-aula-csrf': '1' } }],
      ['teacher', `/api/bbb/${room.id}`, { method: 'DELETE' }],
    ];
    for (const [actor, path, opts] of calls)
      expect((await as(actor, path, opts)).status, `${opts?.method ?? 'GET'} ${path}`).toBe(404);
    // the admin can still set the server up before switching the feature on
    expect((await as('admin', '/api/config/bbb')).status).toBe(200);
  });

  it("another school's room is 404 for everyone, by number and by code", async () => {
    const other = await makeSchool(t);
    const owner = await makeUser(t, { schoolId: other.id, role: 'teacher' });
    const [row] = await t.database.db
      .insert(bbbRooms)
      .values({
        schoolId: other.id,
        ownerId: owner.id,
        name: 'Fremder Raum',
        code: 'zzz-zzz-zz2',
        meetingId: `other-${Date.now()}`,
        attendeePw: 'a',
        moderatorPw: 'm',
        guestPolicy: 'always',
      })
      .returning({ id: bbbRooms.id });
    for (const actor of ['superadmin', 'admin', 'teacher', null]) {
      expect((await as(actor, `/api/bbb/${row!.id}`)).status).toBe(404);
      expect((await join(actor, row!.id, 'Gast')).status).toBe(404);
      expect((await as(actor, '/api/bbb/zzz-zzz-zz2')).status).toBe(404);
      expect((await join(actor, 'zzz-zzz-zz2', 'Gast')).status).toBe(404);
    }
    expect(
      (await as('superadmin', `/api/bbb/${row!.id}`, { method: 'PATCH', body: { name: 'x' } })).status,
    ).toBe(404);
    expect((await as('superadmin', `/api/bbb/${row!.id}`, { method: 'DELETE' })).status).toBe(404);
  });
});

describe('guessing codes (decision 067)', () => {
  // an app of its own on the same database, believing X-Forwarded-For, so this test's address is its own
  const proxied = setUpTestApp({ databaseOf: t, trustProxy: ['127.0.0.1'] });
  // a second server instance on the same database: what one instance counts, the other must see
  const twin = setUpTestApp({ databaseOf: t, trustProxy: ['127.0.0.1'] });
  const guess = (i: number) => `qqq-qqq-${String(i).padStart(3, '2').replace(/[01]/g, '3')}`;
  const byte = () => Math.floor(Math.random() * 250) + 1;
  const randomV4 = () => `10.${byte()}.${byte()}.${byte()}`;

  it(`after ${ROOM_CODE_MISSES_PER_HOUR} unknown codes in an hour a visitor's address gets 429 for every code, for an hour`, async () => {
    const room = await roomOf('teacher', {
      settings: { muteOnJoin: true, guestPolicy: 'always', anyoneCanStart: false, maxParticipants: null },
    });
    const from = { 'x-forwarded-for': randomV4() };
    const lookup = (code: string) => call(proxied.base, `/api/bbb/${code}`, { headers: from });
    expect((await lookup(room.code)).status).toBe(200);
    for (let i = 0; i < ROOM_CODE_MISSES_PER_HOUR; i++) expect((await lookup(guess(i))).status).toBe(404);
    const limited = await callError(proxied.base, `/api/bbb/${room.code}`, { headers: from });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('auth.too_many_requests');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(3000);
    const joinLimited = await call(proxied.base, `/api/bbb/${room.code}/join?name=Gast`, {
      headers: { ...from, 'x-aula-csrf': '1' },
    });
    expect(joinLimited.status).toBe(429);
    // another address is not held back
    expect(
      (await call(proxied.base, `/api/bbb/${room.code}`, { headers: { 'x-forwarded-for': '198.51.100.7' } }))
        .status,
    ).toBe(200);
    proxied.clock.advance(3_600_000 + 1000);
    // back again afterwards: the twin below runs on the system time
    onTestFinished(() => void proxied.clock.advance(-(3_600_000 + 1000)));
    expect((await lookup(room.code)).status).toBe(200);
  });

  it('two signed-in users behind one address count apart; a tripped limit never keeps a member from their room by number', async () => {
    const from = { 'x-forwarded-for': randomV4() };
    const [guesser, classmate] = await Promise.all([
      makeUser(t, { role: 'student' }),
      makeUser(t, { role: 'student' }),
    ]);
    const room = await roomOf('admin', {
      userIds: [guesser.id, classmate.id],
      settings: { muteOnJoin: true, guestPolicy: 'always', anyoneCanStart: false, maxParticipants: null },
    });
    const cookieOf = new Map([
      [guesser.id, await proxied.loginAs(guesser.username)],
      [classmate.id, await proxied.loginAs(classmate.username)],
    ]);
    const as2 = (userId: number | null, path: string, csrf = false) =>
      call(proxied.base, path, {
        cookie: userId === null ? undefined : cookieOf.get(userId),
        headers: { ...from, ...(csrf ? { 'x-aula-csrf': '1' } : {}) },
      });
    for (let i = 0; i < ROOM_CODE_MISSES_PER_HOUR; i++)
      expect((await as2(guesser.id, `/api/bbb/${guess(i)}`)).status).toBe(404);
    // the guesser is held back, by code, also for their own room's code
    expect((await as2(guesser.id, `/api/bbb/${room.code}`)).status).toBe(429);
    expect((await as2(guesser.id, `/api/bbb/${room.code}/join`, true)).status).toBe(429);
    // ...but not from their own room by number
    expect((await as2(guesser.id, `/api/bbb/${room.id}`)).status).toBe(200);
    expect((await as2(guesser.id, `/api/bbb/${room.id}/join`, true)).body).toEqual({ status: 'waiting' });
    // the classmate and a visitor at the same address are not held back
    expect((await as2(classmate.id, `/api/bbb/${room.code}`)).body).toMatchObject({ member: true });
    expect((await as2(null, `/api/bbb/${room.code}`)).status).toBe(200);
  });

  it('parallel guesses to two server instances do not overshoot the limit; an IPv6 network counts as one address (/64)', async () => {
    const net = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:7`;
    const tries = ROOM_CODE_MISSES_PER_HOUR + 10;
    const results = await Promise.all(
      Array.from({ length: tries }, (_, i) =>
        call((i % 2 ? twin : proxied).base, `/api/bbb/${guess(i)}`, {
          headers: { 'x-forwarded-for': `${net}::${(i + 1).toString(16)}` },
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 404)).toHaveLength(ROOM_CODE_MISSES_PER_HOUR);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    const [row] = await t.database.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(bbbCodeMisses)
      .where(eq(bbbCodeMisses.ip, addressKey(`${net}::1`)));
    expect(row!.n).toBe(ROOM_CODE_MISSES_PER_HOUR);
    // the next network is another address
    expect(
      (await call(proxied.base, `/api/bbb/${guess(0)}`, { headers: { 'x-forwarded-for': `${net}1::1` } }))
        .status,
    ).toBe(404);
  });

  it('a job deletes the misses older than an hour, of every address and user', async () => {
    const owner = await makeUser(t, { role: 'student' });
    const now = t.clock.now();
    const old = new Date(now - 3_600_000 - 1000);
    const recent = new Date(now - 60_000);
    const ip = `192.0.2.${Math.floor(Math.random() * 250) + 1}`;
    await t.database.db.insert(bbbCodeMisses).values([
      { schoolId, ip, at: old },
      { schoolId, userId: owner.id, at: old },
      { schoolId, ip, at: recent },
      { schoolId, userId: owner.id, at: recent },
    ]);
    await t.app.jobs.run('bbb-code-misses');
    const left = await t.database.db
      .select({ ip: bbbCodeMisses.ip, userId: bbbCodeMisses.userId, at: bbbCodeMisses.at })
      .from(bbbCodeMisses)
      .where(sql`${bbbCodeMisses.ip} = ${ip} or ${bbbCodeMisses.userId} = ${owner.id}`);
    expect(left.map((r) => r.at.getTime())).toEqual([recent.getTime(), recent.getTime()]);
    expect(await t.database.db.select().from(bbbCodeMisses).where(lt(bbbCodeMisses.at, old))).toEqual([]);
  });
});
