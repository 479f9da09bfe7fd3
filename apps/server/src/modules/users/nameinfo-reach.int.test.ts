import { beforeAll, describe, expect, it } from 'vitest';
import {
  bbbRoomGroups,
  bbbRoomMembers,
  bbbRooms,
  chatRoomGroups,
  chatRoomMembers,
  chatRooms,
} from '../../db/schema.ts';
import { makeGroup, makeSchool, makeUser, uniqueName, type TestUser } from '../../test/factories.ts';
import { NameInfoSchema } from '@aula/contracts';
import { call, callAs, cookiesFrom, DEMO_PASSWORD, setUpTestApp } from '../../test/test-app.ts';

// POST /api/nameinfo names only the people the caller can meet (issue 32, decision 077): their groups (their
// teachers among them), their video rooms and their chat rooms and private chats; staff name everyone of the
// school; nobody names a user of another school. Ids out of reach are left out, as unknown ids are.

const t = setUpTestApp();

type Role = 'student' | 'teacher' | 'admin';
const people = new Map<string, TestUser>();
const cookies = new Map<string, string>();
let otherSchoolUser: TestUser;
let otherHost = '';

const id = (name: string) => people.get(name)!.id;

async function person(name: string, role: Role, groups: number[] = []): Promise<void> {
  const user = await makeUser(t, {
    role,
    username: uniqueName(`${name}-`),
    firstName: name,
    lastName: 'Test',
    groups,
  });
  people.set(name, user);
}

async function namesFor(caller: string, names: string[], extra: number[] = []) {
  let cookie = cookies.get(caller);
  if (!cookie) cookies.set(caller, (cookie = await people.get(caller)!.login()));
  const res = await call(t.base, '/api/nameinfo', { cookie, body: { ids: [...names.map(id), ...extra] } });
  expect(res.status, res.text).toBe(200);
  return res.body as { id: number; name: string; type: string }[];
}

const byName = (rows: { name: string }[]) => rows.map((r) => r.name.replace(/ Test$/, '')).sort();

const EVERYONE = [
  'pupil',
  'classmate',
  'classTeacher',
  'otherClass',
  'otherTeacher',
  'admin',
  'chatPartner',
  'chatRoomMate',
  'videoRoomMate',
  'videoOwner',
];

beforeAll(async () => {
  const db = t.database.db;
  const schoolId = (await makeUser(t)).schoolId;
  const group = async () => (await makeGroup(t)).id;
  const [classA, classB, classC, classD, classE] = await Promise.all([1, 2, 3, 4, 5].map(group));
  await person('pupil', 'student', [classA!]);
  await person('classmate', 'student', [classA!]);
  await person('classTeacher', 'teacher', [classA!]);
  await person('otherClass', 'student', [classB!]);
  await person('otherTeacher', 'teacher', [classB!]);
  await person('admin', 'admin');
  await person('chatPartner', 'student', [classC!]);
  await person('chatRoomMate', 'student', [classD!]);
  await person('videoRoomMate', 'student', [classE!]);
  await person('videoOwner', 'teacher');
  const other = await makeSchool(t);
  otherHost = other.host!;
  // a teacher there: staff name everyone of their own school only
  otherSchoolUser = await makeUser(t, {
    schoolId: other.id,
    role: 'teacher',
    firstName: 'Fremd',
    lastName: 'Test',
  });

  // a private chat from when the two were classmates (it stays when a class changes, decision 072)
  const [a, b] = [id('pupil'), id('chatPartner')].sort((x, y) => x - y);
  const [privateRoom] = await db
    .insert(chatRooms)
    .values({ schoolId, kind: 'private', privateKey: `${a}:${b}` })
    .returning({ id: chatRooms.id });
  await db.insert(chatRoomMembers).values([
    { roomId: privateRoom!.id, userId: id('pupil') },
    { roomId: privateRoom!.id, userId: id('chatPartner') },
  ]);
  // a group room the pupil is in through their class, with a pupil of another class added by name
  const [groupRoom] = await db
    .insert(chatRooms)
    .values({ schoolId, kind: 'group', name: 'AG Schach', ownerId: id('classTeacher') })
    .returning({ id: chatRooms.id });
  await db.insert(chatRoomGroups).values({ roomId: groupRoom!.id, groupId: classA! });
  await db.insert(chatRoomMembers).values([
    { roomId: groupRoom!.id, userId: id('classTeacher'), moderator: true },
    { roomId: groupRoom!.id, userId: id('chatRoomMate') },
  ]);
  // a video room of another teacher, for a whole class and the pupil by name
  const code = `nmi-${Math.random().toString(36).slice(2, 5)}-abc`;
  const [videoRoom] = await db
    .insert(bbbRooms)
    .values({
      schoolId,
      ownerId: id('videoOwner'),
      name: 'Förderkurs',
      code,
      meetingId: `nameinfo-${code}`,
      attendeePw: 'a',
      moderatorPw: 'm',
    })
    .returning({ id: bbbRooms.id });
  await db.insert(bbbRoomGroups).values({ roomId: videoRoom!.id, groupId: classE! });
  await db.insert(bbbRoomMembers).values({ roomId: videoRoom!.id, userId: id('pupil') });
});

describe('POST /api/nameinfo: names only for people the caller can meet (decision 077)', () => {
  it('a pupil names a classmate, their teacher, a chat partner, a chat room co-member and their video room', async () => {
    const rows = await namesFor('pupil', EVERYONE, [otherSchoolUser.id, 999_999]);
    expect(byName(rows)).toEqual(
      [
        'pupil',
        'classmate',
        'classTeacher',
        'chatPartner',
        'chatRoomMate',
        'videoRoomMate',
        'videoOwner',
      ].sort(),
    );
    expect(rows.find((r) => r.id === id('classTeacher'))).toMatchObject({ type: 'L' });
  });

  it('a pupil gets nothing for a pupil of another class, a teacher who does not teach them or an admin', async () => {
    // the canaries: left out exactly like an unknown id, so the answer does not tell that they exist
    expect(await namesFor('pupil', ['otherClass'])).toEqual([]);
    expect(await namesFor('pupil', ['otherTeacher'])).toEqual([]);
    expect(await namesFor('pupil', ['admin'])).toEqual([]);
    expect(await namesFor('pupil', [], [999_999])).toEqual([]);
  });

  it('the reach goes both ways: the chat partner and the video room co-member name the pupil', async () => {
    expect(byName(await namesFor('chatPartner', ['pupil', 'classmate']))).toEqual(['pupil']);
    expect(byName(await namesFor('videoRoomMate', ['pupil', 'videoOwner', 'classmate']))).toEqual([
      'pupil',
      'videoOwner',
    ]);
    expect(byName(await namesFor('chatRoomMate', ['pupil', 'classTeacher', 'otherClass']))).toEqual([
      'classTeacher',
      'pupil',
    ]);
  });

  it('a teacher and an admin name everyone of the school; no one names a user of another school', async () => {
    expect(byName(await namesFor('otherTeacher', EVERYONE, [otherSchoolUser.id]))).toEqual(
      [...EVERYONE].sort(),
    );
    expect(byName(await namesFor('admin', EVERYONE, [otherSchoolUser.id]))).toEqual([...EVERYONE].sort());
    const login = await call(t.base, '/api/login', {
      body: { username: otherSchoolUser.username, password: DEMO_PASSWORD },
      headers: { host: otherHost },
    });
    expect(login.status, login.text).toBe(200);
    const foreign = await callAs(NameInfoSchema, t.base, '/api/nameinfo', {
      cookie: cookiesFrom(login),
      headers: { host: otherHost },
      body: { ids: [...EVERYONE.map(id), otherSchoolUser.id] },
    });
    expect(foreign.status).toBe(200);
    expect(foreign.body.map((r) => r.id)).toEqual([otherSchoolUser.id]);
  });
});
