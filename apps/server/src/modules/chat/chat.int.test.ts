import { afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ChatMessage, ChatRoomDetails, ChatRoomInput } from '@aula/contracts';
import {
  ChatConfigSchema,
  DataExportSchema,
  ChatHistorySchema,
  ChatLoginResponseSchema,
  ChatMessagePageSchema,
  ChatMessageSchema,
  ChatPeopleSchema,
  ChatRoomDetailsSchema,
  ChatRoomListSchema,
  MAX_CHAT_UPLOAD_BYTES,
} from '@aula/contracts';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import {
  auditLog,
  chatDevices,
  chatMessages,
  chatRooms,
  events,
  files,
  groups,
  users,
} from '../../db/schema.ts';
import { makeChatRoom } from '../../test/area-factories.ts';
import { makeGroup, makeSchool, makeSetting, makeUser } from '../../test/factories.ts';
import { carriesNoMetadata, phonePhoto, PHONE_MAKE } from '../../test/photos.ts';
import {
  call,
  callAs,
  callError,
  lastAudit,
  loginAs,
  setUpTestApp,
  type CallOptions,
} from '../../test/test-app.ts';
import { jobContext, type Ctx } from '../../context.ts';
import { addMemberships, removeMemberships } from '../groups/groups.service.ts';
import { sendMessage } from './chat-messages.service.ts';

// The chat (issue 22, decisions 070-072) over real HTTP on the real database: who may do what in a room, who
// may write to whom, messages with history, deletion, reports, uploads, paging, seen markers, retention, and
// the events each change raises to the room's members as they are at that moment.

const t = setUpTestApp({ now: '2026-11-24T08:00:00Z' });
const cookies = new Map<string, string>();
const userId = new Map<string, number>();
const group = new Map<string, number>();
let schoolId = 0;

const ACTORS = ['student', 'student2', 'student3', 'student4', 'teacher', 'teacher2', 'admin', 'superadmin'];

beforeAll(async () => {
  const db = t.database.db;
  for (const name of ACTORS) cookies.set(name, await loginAs(t.base, name));
  for (const row of await db.select().from(users)) userId.set(row.username, row.id);
  schoolId = (await db.select().from(users).where(eq(users.username, 'student')))[0]!.schoolId;
  for (const row of await db.select().from(groups).where(eq(groups.schoolId, schoolId)))
    group.set(row.name, row.id);
});

const id = (name: string) => userId.get(name)!;
const as = (actor: string | null, path: string, opts: CallOptions = {}) =>
  call(t.base, path, { cookie: actor ? cookies.get(actor) : undefined, ...opts });
/** a 2xx answer of the actor's, checked against the contract's schema */
const asA = <S extends z.ZodType>(schema: S, actor: string | null, path: string, opts: CallOptions = {}) =>
  callAs(schema, t.base, path, { cookie: actor ? cookies.get(actor) : undefined, ...opts });
/** an error answer of the actor's, checked against the one error body */
const asError = (actor: string | null, path: string, opts: CallOptions = {}) =>
  callError(t.base, path, { cookie: actor ? cookies.get(actor) : undefined, ...opts });

let clientCounter = 0;
const newClientId = () => `client-${++clientCounter}-${Math.random().toString(36).slice(2, 8)}`;

/** A group room of the test's own, made over HTTP. */
const roomOf = (actor: string, input: Partial<ChatRoomInput> = {}): Promise<ChatRoomDetails> =>
  makeChatRoom(t, cookies.get(actor)!, input);

const sendOpts = (body: string, clientId: string) => ({ body: { body, clientId } });

async function send(actor: string, roomId: number, body = 'Hallo', clientId = newClientId()) {
  return asA(ChatMessageSchema, actor, `/api/matrix/${roomId}/messages`, sendOpts(body, clientId));
}

/** a send that is refused */
async function sendRefused(actor: string, roomId: number, body = 'Hallo') {
  return asError(actor, `/api/matrix/${roomId}/messages`, sendOpts(body, newClientId()));
}

async function sent(actor: string, roomId: number, body = 'Hallo'): Promise<ChatMessage> {
  const res = await send(actor, roomId, body);
  expect(res.status, res.text).toBe(201);
  return res.body;
}

/** The newest event id now: the events a test raises come after it. */
async function eventMark(): Promise<number> {
  const [row] = await t.database.db.select({ id: events.id }).from(events).orderBy(desc(events.id)).limit(1);
  return row?.id ?? 0;
}

/** The events of a room raised after `mark`, oldest first, with whom they went to. */
async function eventsSince(mark: number, roomId: number) {
  const rows = await t.database.db
    .select()
    .from(events)
    .where(and(gt(events.id, mark), sql`(${events.data}->>'roomId')::int = ${roomId}`))
    .orderBy(events.id);
  return rows.map((r) => ({ type: r.type, to: [...(r.userIds ?? [])].sort((a, b) => a - b), data: r.data }));
}

const sorted = (...names: string[]) => names.map(id).sort((a, b) => a - b);

const leave5a = (pupilId: number) =>
  removeMemberships(
    t.database.db,
    schoolId,
    [{ userId: pupilId, groupId: group.get('5a')! }],
    new Date('2026-11-24T08:00:00Z'),
  );

function multipart(fields: Record<string, string>, file?: { data: Buffer; name: string; type?: string }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (file)
    form.set(
      'file',
      new Blob([new Uint8Array(file.data)], { type: file.type ?? 'application/octet-stream' }),
      file.name,
    );
  return form;
}

/** A minimal Word document: a ZIP (stored, not compressed) with the content types and the main part. */
function wordDocument(): Buffer {
  const entries: [string, string][] = [
    [
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ],
    [
      'word/document.xml',
      '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body/></w:document>',
    ],
  ];
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of entries) {
    const data = Buffer.from(text);
    const nameBytes = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    locals.push(local, nameBytes, data);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

async function fileCount(): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(files).where(eq(files.schoolId, schoolId));
  return row!.n;
}

describe('the feature switch, visitors and the config', () => {
  it('every chat call answers 404 while the school has switched the chat off', async () => {
    const room = await roomOf('teacher');
    await makeSetting(t, 'enabled_features', 'sick,camera,bbb');
    onTestFinished(() => makeSetting(t, 'enabled_features', null));
    for (const [method, path, body] of [
      ['GET', '/api/matrix/config'],
      ['GET', '/api/matrix/rooms'],
      ['POST', '/api/matrix/room', { name: 'x' }],
      ['POST', '/api/matrix/privateroom', { userId: id('student') }],
      ['GET', `/api/matrix/${room.id}`],
      ['GET', `/api/matrix/${room.id}/messages`],
      ['POST', `/api/matrix/${room.id}/messages`, { body: 'x', clientId: newClientId() }],
      ['GET', '/api/matrix/people'],
      ['POST', '/api/matrix/login', { deviceId: 'abcdefghj' }],
    ] as const) {
      const res = await as('teacher', path, { method, body });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
  });

  it('visitors get 401', async () => {
    expect((await as(null, '/api/matrix/config')).status).toBe(401);
  });

  it('GET /config says what the caller may do; POST /login registers the device', async () => {
    const pupil = await asA(ChatConfigSchema, 'student', '/api/matrix/config');
    expect(pupil.body).toMatchObject({
      seenIndicator: true,
      retentionDays: 365,
      maxUploadBytes: MAX_CHAT_UPLOAD_BYTES,
      canCreateRooms: false,
      canStartPrivate: true,
    });
    expect(pupil.body.uploadTypes).toContain('PDF');
    expect((await asA(ChatConfigSchema, 'teacher', '/api/matrix/config')).body.canCreateRooms).toBe(true);
    const login = await asA(ChatLoginResponseSchema, 'student', '/api/matrix/login', {
      body: { deviceId: 'Abc123xyZ' },
    });
    expect(login.status, login.text).toBe(200);
    expect(login.body).toEqual({ userId: id('student'), deviceId: 'Abc123xyZ' });
    t.clock.advance(1000);
    await as('student', '/api/matrix/login', { body: { deviceId: 'Abc123xyZ' } });
    const rows = await t.database.db
      .select()
      .from(chatDevices)
      .where(eq(chatDevices.userId, id('student')));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.lastLoginAt.getTime()).toBeGreaterThan(rows[0]!.createdAt.getTime());
    expect((await as('student', '/api/matrix/login', { body: { deviceId: 'short' } })).status).toBe(400);
  });
});

describe('group rooms: who makes them and whom they may add', () => {
  it('pupils cannot create rooms nor list whom to add', async () => {
    const res = await as('student', '/api/matrix/room', { body: { name: 'Mein Raum' } });
    expect(res.status).toBe(403);
    const people = await asError('student', '/api/matrix/people?for=room');
    expect(people.status).toBe(403);
    expect(people.body.code).toBe('chat.create_not_allowed');
  });

  it('a teacher adds their groups, their pupils and colleagues; nobody else (422 chat.unknown_person)', async () => {
    const room = await roomOf('teacher', {
      groupIds: [group.get('5a')!],
      userIds: [id('teacher2'), id('admin')],
      moderatorIds: [id('teacher2')],
    });
    expect(room.owner?.id).toBe(id('teacher'));
    expect(room.groups.map((g) => g.name)).toEqual(['5a']);
    expect(room.members.map((m) => m.id).sort((a, b) => a - b)).toEqual(
      sorted('admin', 'teacher', 'teacher2', 'student', 'student2'),
    );
    expect(room.members.find((m) => m.id === id('student'))).toMatchObject({
      viaGroup: true,
      moderator: false,
    });
    expect(room.members.find((m) => m.id === id('teacher2'))).toMatchObject({
      viaGroup: false,
      moderator: true,
    });
    for (const body of [
      { name: 'x', userIds: [id('student3')] },
      { name: 'x', groupIds: [group.get('6b')!] },
      { name: 'x', userIds: [id('student')], moderatorIds: [id('student2')] },
    ]) {
      const res = await asError('teacher', '/api/matrix/room', { body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.code).toBe('chat.unknown_person');
    }
  });

  it('an admin adds anyone of the school, never another school', async () => {
    const other = await makeSchool(t);
    const stranger = await makeUser(t, { schoolId: other.id, role: 'teacher' });
    const foreignGroup = await makeGroup(t, { schoolId: other.id });
    await roomOf('admin', { userIds: [id('student3')], groupIds: [group.get('6b')!] });
    for (const body of [
      { name: 'x', userIds: [stranger.id] },
      { name: 'x', groupIds: [foreignGroup.id] },
    ]) {
      const res = await asError('admin', '/api/matrix/room', { body });
      expect(res.body.code).toBe('chat.unknown_person');
    }
  });

  it('people?for=room: a teacher finds colleagues and their groups’ pupils, not other pupils', async () => {
    const res = await asA(ChatPeopleSchema, 'teacher', '/api/matrix/people?for=room');
    const found = res.body.people.map((p) => p.id);
    expect(found).toEqual(expect.arrayContaining(sorted('teacher2', 'admin', 'student', 'student2')));
    expect(found).not.toContain(id('student3'));
    expect(found).not.toContain(id('teacher'));
    expect(res.body.groups.map((g) => g.name).sort()).toEqual(['5a', 'Kollegium']);
  });
});

describe('membership: non-members and other schools see nothing', () => {
  it('a non-member gets 403 chat.not_member with no name and no messages, for every call on the room', async () => {
    const room = await roomOf('teacher', { name: 'Geheimer Raum', groupIds: [group.get('5a')!] });
    const message = await sent('teacher', room.id, 'Nur für 5a');
    for (const [method, path, body] of [
      ['GET', `/api/matrix/${room.id}`],
      ['GET', `/api/matrix/${room.id}/messages`],
      ['GET', `/api/matrix/${room.id}/config`],
      ['POST', `/api/matrix/${room.id}/messages`, { body: 'x', clientId: newClientId() }],
      ['PUT', `/api/matrix/${room.id}/messages/${message.id}`, { body: 'x' }],
      ['GET', `/api/matrix/${room.id}/messages/${message.id}/history`],
      ['POST', `/api/matrix/${room.id}/seen`, { messageId: message.id }],
      ['POST', `/api/matrix/${room.id}/messages/${message.id}/report`, { reason: '' }],
      ['POST', '/api/matrix/message/delete', { roomId: room.id, messageId: message.id }],
      ['POST', '/api/matrix/room/addUsers', { roomId: room.id, userIds: [id('student3')] }],
      ['POST', '/api/matrix/room/removeUsers', { roomId: room.id, userIds: [id('student')] }],
      ['PATCH', `/api/matrix/${room.id}`, { name: 'Übernommen' }],
      ['POST', `/api/matrix/${room.id}/config`, { announcements: true, uploads: false }],
      ['POST', `/api/matrix/${room.id}/messages/${message.id}/report/dismiss`],
      ['POST', '/api/matrix/room/delete', { roomId: room.id }],
    ] as const) {
      const res = await asError('student3', path, { method, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.code).toBe('chat.not_member');
      expect(res.text).not.toContain('Geheimer Raum');
      expect(res.text).not.toContain('Nur für 5a');
    }
    const upload = await asError('student3', `/api/matrix/${room.id}/upload`, {
      form: multipart({ clientId: newClientId(), body: 'x' }, { data: await phonePhoto(), name: 'a.jpg' }),
    });
    expect(upload.status).toBe(403);
    expect(upload.body.code).toBe('chat.not_member');
    // nothing of it changed
    const after = (await asA(ChatRoomDetailsSchema, 'teacher', `/api/matrix/${room.id}`)).body;
    expect(after).toMatchObject({ name: 'Geheimer Raum', config: { announcements: false, uploads: true } });
    expect(after.members.map((m) => m.id)).toContain(id('student'));
    expect(
      (await asA(ChatMessagePageSchema, 'teacher', `/api/matrix/${room.id}/messages`)).body.items,
    ).toHaveLength(1);
    const list = await as('student3', '/api/matrix/rooms');
    expect(list.text).not.toContain('Geheimer Raum');
    // an admin is no member of every room either: the chat is private to its members
    expect((await as('admin', `/api/matrix/${room.id}/messages`)).status).toBe(403);
  });

  it("another school's room is 404 for everyone", async () => {
    const other = await makeSchool(t);
    const owner = await makeUser(t, { schoolId: other.id, role: 'teacher' });
    const [foreign] = await t.database.db
      .insert(chatRooms)
      .values({ schoolId: other.id, kind: 'group', name: 'Fremd', ownerId: owner.id })
      .returning({ id: chatRooms.id });
    for (const actor of ['superadmin', 'admin', 'teacher', 'student']) {
      expect((await as(actor, `/api/matrix/${foreign!.id}`)).status).toBe(404);
      expect((await as(actor, `/api/matrix/${foreign!.id}/messages`)).status).toBe(404);
    }
  });
});

describe('private chats (decision 072, chat_student_private)', () => {
  afterEach(() => makeSetting(t, 'chat_student_private', null));

  const privateOpts = (peer: string) => ({ body: { userId: id(peer) } });
  async function privateRoom(actor: string, peer: string) {
    return asA(ChatRoomDetailsSchema, actor, '/api/matrix/privateroom', privateOpts(peer));
  }
  /** a private chat that is refused */
  async function privateRefused(actor: string, peer: string) {
    return asError(actor, '/api/matrix/privateroom', privateOpts(peer));
  }

  it('classmates (default): a pupil with classmates and their teachers, not other classes or the admin', async () => {
    const a = await privateRoom('student', 'student2');
    expect(a.status, a.text).toBe(200);
    expect(a.body).toMatchObject({ kind: 'private', name: 'Ali Yilmaz', canEdit: false, owner: null });
    // the same room for both
    const b = await privateRoom('student2', 'student');
    expect(b.body.id).toBe(a.body.id);
    expect(b.body.name).toBe('Sara Schmidt');
    expect((await privateRoom('student', 'teacher')).status).toBe(200);
    for (const peer of ['student3', 'admin']) {
      const res = await privateRefused('student', peer);
      expect(res.status, peer).toBe(403);
      expect(res.body.code).toBe('chat.private_not_allowed');
    }
    const people = await asA(ChatPeopleSchema, 'student', '/api/matrix/people?for=private');
    expect(people.body.people.map((p) => p.id).sort((x, y) => x - y)).toEqual(
      sorted('student2', 'teacher', 'teacher2'),
    );
  });

  it('teachers: a pupil only with their teachers', async () => {
    await makeSetting(t, 'chat_student_private', 'teachers');
    expect((await privateRoom('student', 'teacher2')).status).toBe(200);
    expect((await privateRefused('student3', 'student4')).status).toBe(403);
    const people = await asA(ChatPeopleSchema, 'student3', '/api/matrix/people?for=private');
    expect(people.body.people.map((p) => p.id)).toEqual([id('teacher2')]);
  });

  it('none: a pupil starts none, but answers in a chat a teacher started', async () => {
    await makeSetting(t, 'chat_student_private', 'none');
    const refused = await privateRefused('student4', 'teacher2');
    expect(refused.status).toBe(403);
    expect((await asA(ChatConfigSchema, 'student4', '/api/matrix/config')).body.canStartPrivate).toBe(false);
    expect((await asA(ChatPeopleSchema, 'student4', '/api/matrix/people?for=private')).body.people).toEqual(
      [],
    );
    const started = await privateRoom('teacher2', 'student4');
    expect(started.status).toBe(200);
    const again = await privateRoom('student4', 'teacher2');
    expect(again.status, again.text).toBe(200);
    expect(again.body.id).toBe(started.body.id);
    expect((await send('student4', started.body.id, 'Danke!')).status).toBe(201);
  });

  it('a teacher with their pupils and every colleague; an admin with everyone; nobody with themself', async () => {
    expect((await privateRoom('teacher', 'student')).status).toBe(200);
    expect((await privateRefused('teacher', 'student3')).status).toBe(403);
    expect((await privateRoom('teacher', 'admin')).status).toBe(200);
    expect((await privateRoom('admin', 'student4')).status).toBe(200);
    expect((await privateRefused('teacher', 'teacher')).status).toBe(403);
  });

  it('a private room has no members to add and cannot be deleted as a group room', async () => {
    const room = (await privateRoom('teacher', 'student2')).body;
    const add = await asError('teacher', '/api/matrix/room/addUsers', {
      body: { roomId: room.id, userIds: [id('student')] },
    });
    expect(add.status).toBe(422);
    expect(add.body.code).toBe('chat.private_room');
    expect((await as('teacher', '/api/matrix/room/delete', { body: { roomId: room.id } })).status).toBe(422);
  });
});

describe('members and moderators', () => {
  it('only moderators change members; a removed member stops hearing at once', async () => {
    const room = await roomOf('teacher', { userIds: [id('student'), id('student2')] });
    const refused = await asError('student', '/api/matrix/room/addUsers', {
      body: { roomId: room.id, userIds: [id('teacher2')] },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('chat.not_moderator');

    let mark = await eventMark();
    const added = await as('teacher', '/api/matrix/room/addUsers', {
      body: { roomId: room.id, userIds: [id('teacher2')] },
    });
    expect(added.status, added.text).toBe(200);
    // the new member hears of the room too
    expect(await eventsSince(mark, room.id)).toEqual([
      {
        type: 'chat.room',
        to: sorted('teacher', 'teacher2', 'student', 'student2'),
        data: { roomId: room.id },
      },
    ]);

    mark = await eventMark();
    const removed = await as('teacher', '/api/matrix/room/removeUsers', {
      body: { roomId: room.id, userIds: [id('student2')] },
    });
    expect(removed.status, removed.text).toBe(200);
    await sent('teacher', room.id, 'Nach dem Entfernen');
    const raised = await eventsSince(mark, room.id);
    expect(raised.map((e) => e.type)).toEqual(['chat.room.removed', 'chat.room', 'chat.message']);
    expect(raised[0]!.to).toEqual([id('student2')]);
    for (const e of raised.slice(1)) expect(e.to).not.toContain(id('student2'));
    expect(raised[2]!.to).toEqual(sorted('teacher', 'teacher2', 'student'));
    const gone = await as('student2', `/api/matrix/${room.id}/messages`);
    expect(gone.status).toBe(403);
    expect(gone.text).not.toContain('Nach dem Entfernen');

    // the owner stays, whoever asks
    const owner = await asError('teacher', '/api/matrix/room/removeUsers', {
      body: { roomId: room.id, userIds: [id('teacher')] },
    });
    expect(owner.status).toBe(422);
    expect(owner.body.code).toBe('chat.unknown_person');
  });

  it('removing a group removes its members who were not added one by one', async () => {
    const room = await roomOf('teacher2', { groupIds: [group.get('6b')!], userIds: [id('student3')] });
    const mark = await eventMark();
    const res = await asA(ChatRoomDetailsSchema, 'teacher2', '/api/matrix/room/removeUsers', {
      body: { roomId: room.id, groupIds: [group.get('6b')!] },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.members.map((m) => m.id).sort()).toEqual(sorted('teacher2', 'student3'));
    const [removedEvent] = await eventsSince(mark, room.id);
    expect(removedEvent).toMatchObject({ type: 'chat.room.removed', to: [id('student4')] });
  });

  it('a promoted moderator deletes others’ messages; revoked, they cannot', async () => {
    const room = await roomOf('teacher', { userIds: [id('student'), id('student2')] });
    const promote = await asA(ChatRoomDetailsSchema, 'teacher', `/api/matrix/${room.id}`, {
      method: 'PATCH',
      body: { moderator: { userId: id('student'), moderator: true }, name: 'Umbenannt' },
    });
    expect(promote.status, promote.text).toBe(200);
    expect(promote.body.name).toBe('Umbenannt');
    const a = await sent('student2', room.id, 'eins');
    expect(
      (await as('student', '/api/matrix/message/delete', { body: { roomId: room.id, messageId: a.id } }))
        .status,
    ).toBe(204);
    expect((await lastAudit(t, 'chat.message_delete'))?.actorId).toBe(id('student'));
    await as('teacher', `/api/matrix/${room.id}`, {
      method: 'PATCH',
      body: { moderator: { userId: id('student'), moderator: false } },
    });
    const b = await sent('student2', room.id, 'zwei');
    const refused = await asError('student', '/api/matrix/message/delete', {
      body: { roomId: room.id, messageId: b.id },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('chat.not_own_message');
    // a non-moderator renames nothing
    const rename = await asError('student', `/api/matrix/${room.id}`, {
      method: 'PATCH',
      body: { name: 'Meins' },
    });
    expect(rename.body.code).toBe('chat.not_moderator');
  });

  it('a moderator deletes a room: everyone hears it first, then it is gone', async () => {
    const room = await roomOf('teacher', { userIds: [id('student')] });
    expect((await as('student', '/api/matrix/room/delete', { body: { roomId: room.id } })).status).toBe(403);
    const mark = await eventMark();
    expect((await as('teacher', '/api/matrix/room/delete', { body: { roomId: room.id } })).status).toBe(204);
    expect(await eventsSince(mark, room.id)).toEqual([
      { type: 'chat.room.removed', to: sorted('teacher', 'student'), data: { roomId: room.id } },
    ]);
    expect((await as('teacher', `/api/matrix/${room.id}`)).status).toBe(404);
  });
});

describe('messages', () => {
  it('a send with the same client id lands once: 201, then 200 with the same message and no second event', async () => {
    const room = await roomOf('teacher', { userIds: [id('student')] });
    const clientId = newClientId();
    const mark = await eventMark();
    const first = await send('student', room.id, 'Einmal', clientId);
    const second = await send('student', room.id, 'Einmal', clientId);
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect(second.body.id).toBe(first.body.id);
    const raised = await eventsSince(mark, room.id);
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({ type: 'chat.message', to: sorted('teacher', 'student') });
    const page = await asA(ChatMessagePageSchema, 'student', `/api/matrix/${room.id}/messages`);
    expect(page.body.items).toHaveLength(1);
    // bad input: nothing stored
    for (const body of [
      { body: '   ', clientId: newClientId() },
      { body: 'x'.repeat(4001), clientId: newClientId() },
      { body: 'x', clientId: 'short' },
      { body: 'x' },
    ]) {
      expect((await as('student', `/api/matrix/${room.id}/messages`, { body })).status).toBe(400);
    }
    expect(
      (await asA(ChatMessagePageSchema, 'student', `/api/matrix/${room.id}/messages`)).body.items,
    ).toHaveLength(1);
  });

  it('edit: one’s own only, every earlier version kept for the history', async () => {
    const room = await roomOf('teacher', { userIds: [id('student')] });
    const message = await sent('student', room.id, 'Erste Fassung');
    t.clock.advance(60_000);
    const mark = await eventMark();
    const edited = await asA(ChatMessageSchema, 'student', `/api/matrix/${room.id}/messages/${message.id}`, {
      method: 'PUT',
      body: { body: 'Zweite Fassung' },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.editedAt).not.toBeNull();
    t.clock.advance(60_000);
    await as('student', `/api/matrix/${room.id}/messages/${message.id}`, {
      method: 'PUT',
      body: { body: 'Dritte Fassung' },
    });
    const history = await asA(
      ChatHistorySchema,
      'teacher',
      `/api/matrix/${room.id}/messages/${message.id}/history`,
    );
    expect(history.body.items.map((i) => i.body)).toEqual([
      'Erste Fassung',
      'Zweite Fassung',
      'Dritte Fassung',
    ]);
    expect((await eventsSince(mark, room.id)).map((e) => e.type)).toEqual([
      'chat.message.edited',
      'chat.message.edited',
    ]);
    const other = await asError('teacher', `/api/matrix/${room.id}/messages/${message.id}`, {
      method: 'PUT',
      body: { body: 'Nicht meins' },
    });
    expect(other.status).toBe(403);
    expect(other.body.code).toBe('chat.not_own_message');
  });

  it('delete: one’s own; the owner any; the row stays as deleted without text or history', async () => {
    const room = await roomOf('teacher', { userIds: [id('student'), id('student2')] });
    const own = await sent('student', room.id, 'meins');
    await as('student', `/api/matrix/${room.id}/messages/${own.id}`, {
      method: 'PUT',
      body: { body: 'geändert' },
    });
    const other = await sent('student2', room.id, 'seins');
    const refused = await as('student', '/api/matrix/message/delete', {
      body: { roomId: room.id, messageId: other.id },
    });
    expect(refused.status).toBe(403);
    const mark = await eventMark();
    expect(
      (await as('student', '/api/matrix/message/delete', { body: { roomId: room.id, messageId: own.id } }))
        .status,
    ).toBe(204);
    expect(
      (await as('teacher', '/api/matrix/message/delete', { body: { roomId: room.id, messageId: other.id } }))
        .status,
    ).toBe(204);
    expect((await eventsSince(mark, room.id)).map((e) => [e.type, e.data])).toEqual([
      ['chat.message.deleted', { roomId: room.id, messageId: own.id }],
      ['chat.message.deleted', { roomId: room.id, messageId: other.id }],
    ]);
    const page = await asA(ChatMessagePageSchema, 'student', `/api/matrix/${room.id}/messages`);
    for (const m of page.body.items) expect(m).toMatchObject({ body: null, file: null });
    expect(page.body.items.every((m) => m.deletedAt !== null)).toBe(true);
    expect(
      (await asA(ChatHistorySchema, 'student', `/api/matrix/${room.id}/messages/${own.id}/history`)).body
        .items,
    ).toEqual([]);
    const edit = await asError('student', `/api/matrix/${room.id}/messages/${own.id}`, {
      method: 'PUT',
      body: { body: 'x' },
    });
    expect(edit.body.code).toBe('chat.message_deleted');
  });

  it('announcements: only moderators post; the others read and may report', async () => {
    const room = await roomOf('teacher', {
      userIds: [id('student')],
      config: { announcements: true, uploads: true },
    });
    const refused = await sendRefused('student', room.id, 'Darf ich?');
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('chat.announcements_only');
    const news = await sent('teacher', room.id, 'Morgen fällt Sport aus.');
    const list = await asA(ChatRoomListSchema, 'student', '/api/matrix/rooms');
    expect(list.body.items.find((r) => r.id === room.id)).toMatchObject({
      canPost: false,
      isModerator: false,
    });
    expect(
      (
        await as('student', `/api/matrix/${room.id}/messages/${news.id}/report`, {
          body: { reason: 'falsch' },
        })
      ).status,
    ).toBe(204);
    // the config: moderators change it, members read it
    const off = await as('teacher', `/api/matrix/${room.id}/config`, {
      body: { announcements: false, uploads: false },
    });
    expect(off.status, off.text).toBe(200);
    expect((await as('student', `/api/matrix/${room.id}/config`)).body).toEqual({
      announcements: false,
      uploads: false,
    });
    expect((await send('student', room.id, 'Jetzt schon')).status).toBe(201);
    const mine = await as('student', `/api/matrix/${room.id}/config`, {
      body: { announcements: true, uploads: true },
    });
    expect(mine.status).toBe(403);
  });

  it('reports go to the owner and moderators, who see the count and dismiss them (audited)', async () => {
    const room = await roomOf('teacher', {
      userIds: [id('student'), id('student2'), id('teacher2')],
      moderatorIds: [id('teacher2')],
    });
    const bad = await sent('student2', room.id, 'gemein');
    const mark = await eventMark();
    const report = await as('student', `/api/matrix/${room.id}/messages/${bad.id}/report`, {
      body: { reason: 'Das ist gemein' },
    });
    expect(report.status, report.text).toBe(204);
    // a second report of the same member stays one
    await as('student', `/api/matrix/${room.id}/messages/${bad.id}/report`, { body: {} });
    const raised = await eventsSince(mark, room.id);
    expect(raised).toEqual([
      {
        type: 'chat.report',
        to: sorted('teacher', 'teacher2'),
        data: { roomId: room.id, messageId: bad.id },
      },
    ]);
    // audited without naming the reporter, the reported pupil or the reason (decision 077)
    const audit = await lastAudit(t, 'chat.report');
    expect(audit).toMatchObject({
      actorId: null,
      targetId: null,
      ip: null,
      details: { roomId: room.id, messageId: bad.id },
    });
    const modPage = await asA(ChatMessagePageSchema, 'teacher2', `/api/matrix/${room.id}/messages`);
    expect(modPage.body.items[0]).toMatchObject({ id: bad.id, reports: 1 });
    const pupilPage = await asA(ChatMessagePageSchema, 'student', `/api/matrix/${room.id}/messages`);
    expect(pupilPage.body.items[0]?.reports).toBeUndefined();
    const notMod = await as('student', `/api/matrix/${room.id}/messages/${bad.id}/report/dismiss`, {
      method: 'POST',
    });
    expect(notMod.status).toBe(403);
    const dismiss = await as('teacher', `/api/matrix/${room.id}/messages/${bad.id}/report/dismiss`, {
      method: 'POST',
    });
    expect(dismiss.status, dismiss.text).toBe(204);
    expect((await lastAudit(t, 'chat.report_dismiss'))?.actorId).toBe(id('teacher'));
    expect(
      (await asA(ChatMessagePageSchema, 'teacher2', `/api/matrix/${room.id}/messages`)).body.items[0]
        ?.reports,
    ).toBe(0);
  });

  it('a blocked user cannot post', async () => {
    const pupil = await makeUser(t, { groups: ['5a'] });
    // the shared class 5a must not keep this test's pupil: other tests count its members (shuffled order)
    onTestFinished(() => leave5a(pupil.id));
    const cookie = await pupil.login();
    const room = await roomOf('teacher', { userIds: [pupil.id] });
    expect(
      (
        await call(t.base, `/api/matrix/${room.id}/messages`, {
          cookie,
          body: { body: 'vorher', clientId: newClientId() },
        })
      ).status,
    ).toBe(201);
    await t.database.db.update(users).set({ blocked: true }).where(eq(users.id, pupil.id));
    const res = await call(t.base, `/api/matrix/${room.id}/messages`, {
      cookie,
      body: { body: 'nachher', clientId: newClientId() },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    const rows = await t.database.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.roomId, room.id), eq(chatMessages.body, 'nachher')));
    expect(rows).toEqual([]);
  });
  it('the send itself checks the block again (a request already past the sign-in check)', async () => {
    const pupil = await makeUser(t, { groups: ['5a'] });
    // the shared class 5a must not keep this test's pupil: other tests count its members (shuffled order)
    onTestFinished(() => leave5a(pupil.id));
    const room = await roomOf('teacher', { userIds: [pupil.id] });
    // the session check saw the user unblocked; the block lands before the send's transaction reads it
    const [row] = await t.database.db.select().from(users).where(eq(users.id, pupil.id));
    const user = { ...row!, roles: row!.roles, blocked: false, groupIds: [group.get('5a')!] };
    const ctx = { ...jobContext(t.app, schoolId), user } as unknown as Ctx;
    await t.database.db.update(users).set({ blocked: true }).where(eq(users.id, pupil.id));
    await expect(
      sendMessage(ctx, room.id, { body: 'trotzdem', clientId: newClientId() }),
    ).rejects.toMatchObject({
      status: 403,
      code: 'chat.blocked',
    });
    await t.database.db.update(users).set({ blocked: false }).where(eq(users.id, pupil.id));
    const { message, created } = await sendMessage(ctx, room.id, { body: 'wieder', clientId: newClientId() });
    expect(created).toBe(true);
    expect(message.body).toBe('wieder');
  });
});

describe('unread counts and seen markers', () => {
  afterEach(() => makeSetting(t, 'chat_show_seen_indicator', null));

  it('the room list counts others’ unseen messages; seen moves the marker and raises chat.seen', async () => {
    const room = await roomOf('teacher', { userIds: [id('student')] });
    await sent('teacher', room.id, 'a');
    const b = await sent('teacher', room.id, 'b');
    await sent('student', room.id, 'eigene zählen nicht');
    const before = (await asA(ChatRoomListSchema, 'student', '/api/matrix/rooms')).body.items.find(
      (r) => r.id === room.id,
    );
    expect(before?.unread).toBe(2);
    expect(before?.lastMessage?.body).toBe('eigene zählen nicht');
    const mark = await eventMark();
    expect((await as('student', `/api/matrix/${room.id}/seen`, { body: { messageId: b.id } })).status).toBe(
      204,
    );
    expect(await eventsSince(mark, room.id)).toEqual([
      {
        type: 'chat.seen',
        to: sorted('teacher', 'student'),
        data: { roomId: room.id, userId: id('student'), messageId: b.id },
      },
    ]);
    const after = (await asA(ChatRoomListSchema, 'student', '/api/matrix/rooms')).body.items.find(
      (r) => r.id === room.id,
    );
    expect(after?.unread).toBe(0);
    const details = await asA(ChatRoomDetailsSchema, 'teacher', `/api/matrix/${room.id}`);
    expect(details.body.seen).toEqual([{ userId: id('student'), messageId: b.id }]);
  });

  it('with the indicator off: no seen markers shown, no chat.seen raised, unread still counted', async () => {
    await makeSetting(t, 'chat_show_seen_indicator', 'false');
    const room = await roomOf('teacher', { userIds: [id('student')] });
    const a = await sent('teacher', room.id, 'a');
    const mark = await eventMark();
    await as('student', `/api/matrix/${room.id}/seen`, { body: { messageId: a.id } });
    expect(await eventsSince(mark, room.id)).toEqual([]);
    expect((await asA(ChatRoomDetailsSchema, 'teacher', `/api/matrix/${room.id}`)).body.seen).toEqual([]);
    expect((await asA(ChatConfigSchema, 'student', '/api/matrix/config')).body.seenIndicator).toBe(false);
    const item = (await asA(ChatRoomListSchema, 'student', '/api/matrix/rooms')).body.items.find(
      (r) => r.id === room.id,
    );
    expect(item?.unread).toBe(0);
  });
});

describe('paging', () => {
  it('a room of 10,000 messages pages by cursor: every message exactly once, newest first', async () => {
    const room = await roomOf('teacher', { userIds: [id('student')] });
    await t.database.db
      .execute(sql`insert into chat_messages (school_id, room_id, sender_id, body, created_at)
      select ${schoolId}, ${room.id}, ${id('teacher')}, 'Nachricht ' || n, ${new Date('2026-11-24T08:00:00Z')}::timestamptz
        + n * interval '1 second' from generate_series(1, 10000) n`);
    const seen: number[] = [];
    let before: number | null = null;
    let pages = 0;
    do {
      const q: string = before === null ? '?limit=100' : `?limit=100&before=${before}`;
      const res = await asA(ChatMessagePageSchema, 'student', `/api/matrix/${room.id}/messages${q}`);
      expect(res.status, res.text).toBe(200);
      seen.push(...res.body.items.map((m) => m.id));
      before = res.body.nextBefore;
      pages++;
    } while (before !== null);
    expect(pages).toBe(100);
    expect(seen).toHaveLength(10_000);
    expect(new Set(seen).size).toBe(10_000);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
    const unread = (await asA(ChatRoomListSchema, 'student', '/api/matrix/rooms')).body.items.find(
      (r) => r.id === room.id,
    );
    expect(unread?.unread).toBe(999);
  });
});

describe('uploads', () => {
  it('a phone photo is stored re-encoded without EXIF; members fetch it with its exact type, others not', async () => {
    const room = await roomOf('teacher', { userIds: [id('student')] });
    const photo = await phonePhoto(400, 300);
    expect(photo.includes(Buffer.from(PHONE_MAKE))).toBe(true);
    const clientId = newClientId();
    const res = await asA(ChatMessageSchema, 'student', `/api/matrix/${room.id}/upload`, {
      form: multipart(
        { clientId, body: 'Mein Arbeitsblatt' },
        { data: photo, name: 'IMG_0001.JPG', type: 'image/jpeg' },
      ),
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      body: 'Mein Arbeitsblatt',
      file: { name: 'IMG_0001.jpg', mime: 'image/jpeg', width: 400, height: 300 },
    });
    const again = await asA(ChatMessageSchema, 'student', `/api/matrix/${room.id}/upload`, {
      form: multipart({ clientId }, { data: photo, name: 'IMG_0001.JPG' }),
    });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(res.body.id);
    const file = await fetch(`${t.base}/api/matrix/file/${res.body.id}`, {
      headers: { cookie: cookies.get('teacher')! },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('content-security-policy')).toContain('sandbox');
    expect(file.headers.get('content-disposition')).toMatch(/^inline/);
    const stored = Buffer.from(await file.arrayBuffer());
    expect(await carriesNoMetadata(stored)).toBe(true);
    expect((await sharp(stored).metadata()).width).toBe(400);
    const stranger = await as('student3', `/api/matrix/file/${res.body.id}`);
    expect(stranger.status).toBe(403);
  });

  it('a PDF is kept as it came, served as an attachment', async () => {
    const room = await roomOf('teacher');
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
    const res = await asA(ChatMessageSchema, 'teacher', `/api/matrix/${room.id}/upload`, {
      form: multipart({ clientId: newClientId() }, { data: pdf, name: 'Elternbrief März.pdf' }),
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.file).toMatchObject({
      mime: 'application/pdf',
      name: 'Elternbrief März.pdf',
      width: null,
    });
    const file = await as('teacher', `/api/matrix/file/${res.body.id}`);
    expect(file.headers.get('content-disposition')).toMatch(/^attachment/);
  });

  it('a Word document is recognised by its content and kept as it came', async () => {
    const room = await roomOf('teacher');
    const docx = wordDocument();
    const res = await asA(ChatMessageSchema, 'teacher', `/api/matrix/${room.id}/upload`, {
      form: multipart({ clientId: newClientId() }, { data: docx, name: 'Arbeitsblatt.bin' }),
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.file).toMatchObject({
      mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      name: 'Arbeitsblatt.docx',
      size: docx.length,
    });
    const file = await fetch(`${t.base}/api/matrix/file/${res.body.id}`, {
      headers: { cookie: cookies.get('teacher')! },
    });
    expect(Buffer.from(await file.arrayBuffer()).equals(docx)).toBe(true);
  });

  it('the type comes from the bytes: a PNG named .pdf stays a PNG, an EXE named .jpg is refused', async () => {
    const room = await roomOf('teacher');
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } })
      .png()
      .toBuffer();
    const disguised = await asA(ChatMessageSchema, 'teacher', `/api/matrix/${room.id}/upload`, {
      form: multipart(
        { clientId: newClientId() },
        { data: png, name: 'zeugnis.pdf', type: 'application/pdf' },
      ),
    });
    expect(disguised.status, disguised.text).toBe(201);
    expect(disguised.body.file).toMatchObject({ mime: 'image/png', name: 'zeugnis.png' });
    const exe = Buffer.concat([
      Buffer.from('MZ'),
      Buffer.alloc(62),
      Buffer.from('PE\0\0'),
      Buffer.alloc(512, 1),
    ]);
    const before = await fileCount();
    const refused = await asError('teacher', `/api/matrix/${room.id}/upload`, {
      form: multipart({ clientId: newClientId() }, { data: exe, name: 'foto.jpg', type: 'image/jpeg' }),
    });
    expect(refused.status).toBe(415);
    expect(refused.body.code).toBe('upload.invalid_type');
    expect(await fileCount()).toBe(before);
  });

  it('413 beyond the limit and nothing stored; 403 when the room takes no files', async () => {
    const room = await roomOf('teacher', { config: { announcements: false, uploads: false } });
    const before = await fileCount();
    const off = await asError('teacher', `/api/matrix/${room.id}/upload`, {
      form: multipart({ clientId: newClientId() }, { data: await phonePhoto(), name: 'a.jpg' }),
    });
    expect(off.status).toBe(403);
    expect(off.body.code).toBe('chat.uploads_off');
    await as('teacher', `/api/matrix/${room.id}/config`, { body: { announcements: false, uploads: true } });
    const big = Buffer.concat([await phonePhoto(), Buffer.alloc(MAX_CHAT_UPLOAD_BYTES + 1)]);
    const res = await asError('teacher', `/api/matrix/${room.id}/upload`, {
      form: multipart({ clientId: newClientId() }, { data: big, name: 'riesig.jpg' }),
    });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('upload.too_large');
    expect(await fileCount()).toBe(before);
    expect(
      (await asA(ChatMessagePageSchema, 'teacher', `/api/matrix/${room.id}/messages`)).body.items,
    ).toEqual([]);
  });

  it('deleting a message deletes its file', async () => {
    const room = await roomOf('teacher');
    const res = await asA(ChatMessageSchema, 'teacher', `/api/matrix/${room.id}/upload`, {
      form: multipart({ clientId: newClientId() }, { data: await phonePhoto(), name: 'a.jpg' }),
    });
    const [row] = await t.database.db.select().from(chatMessages).where(eq(chatMessages.id, res.body.id));
    await as('teacher', '/api/matrix/message/delete', { body: { roomId: room.id, messageId: res.body.id } });
    expect(await t.database.db.select().from(files).where(eq(files.id, row!.fileId!))).toEqual([]);
    expect((await as('teacher', `/api/matrix/file/${res.body.id}`)).status).toBe(404);
  });
});

describe('retention (chat_retention_days) and the data export', () => {
  afterEach(() => makeSetting(t, 'chat_retention_days', null));

  it('the job deletes messages older than the setting with their files; 0 keeps them', async () => {
    // a teacher of its own: the clock moves on by weeks, past every session of the others
    const teacher = await makeUser(t, { role: 'teacher' });
    const start = t.clock.now();
    onTestFinished(() => t.clock.set(start));
    let cookie = await teacher.login();
    const room = (
      await callAs(ChatRoomDetailsSchema, t.base, '/api/matrix/room', {
        cookie,
        body: { name: 'Alt und neu' },
      })
    ).body;
    const old = await callAs(ChatMessageSchema, t.base, `/api/matrix/${room.id}/upload`, {
      cookie,
      form: multipart({ clientId: newClientId() }, { data: await phonePhoto(), name: 'alt.jpg' }),
    });
    expect(old.status, old.text).toBe(201);
    const [oldRow] = await t.database.db.select().from(chatMessages).where(eq(chatMessages.id, old.body.id));
    t.clock.advance(20 * 86_400_000);
    cookie = await teacher.login();
    const recent = await callAs(ChatMessageSchema, t.base, `/api/matrix/${room.id}/messages`, {
      cookie,
      body: { body: 'neu', clientId: newClientId() },
    });
    expect(recent.status, recent.text).toBe(201);
    t.clock.advance(11 * 86_400_000);
    const left = async () =>
      (await t.database.db.select().from(chatMessages).where(eq(chatMessages.roomId, room.id))).map(
        (m) => m.id,
      );
    await makeSetting(t, 'chat_retention_days', '0');
    await t.app.jobs.run('chat-retention');
    expect((await left()).sort()).toEqual([old.body.id, recent.body.id].sort());
    await makeSetting(t, 'chat_retention_days', '30');
    await t.app.jobs.run('chat-retention');
    expect(await left()).toEqual([recent.body.id]);
    expect(await t.database.db.select().from(files).where(eq(files.id, oldRow!.fileId!))).toEqual([]);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'chat.retention_delete'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect((entry!.details as { deleted: number }).deleted).toBeGreaterThanOrEqual(1);
  });

  it('the export holds the user’s messages with their history, reports and rooms', async () => {
    const pupil = await makeUser(t, { groups: ['5a'] });
    // the shared class 5a must not keep this test's pupil: other tests count its members (shuffled order)
    onTestFinished(() => leave5a(pupil.id));
    const cookie = await pupil.login();
    const room = await roomOf('teacher', { name: 'Export-Raum', groupIds: [group.get('5a')!] });
    const mine = await callAs(ChatMessageSchema, t.base, `/api/matrix/${room.id}/messages`, {
      cookie,
      body: { body: 'Erst so', clientId: newClientId() },
    });
    await call(t.base, `/api/matrix/${room.id}/messages/${mine.body.id}`, {
      cookie,
      method: 'PUT',
      body: { body: 'Dann so' },
    });
    const theirs = await sent('teacher', room.id, 'Lehrertext');
    await call(t.base, `/api/matrix/${room.id}/messages/${theirs.id}/report`, {
      cookie,
      body: { reason: 'Test' },
    });
    const res = await callAs(DataExportSchema, t.base, '/api/users/data', { cookie });
    expect(res.status, res.text).toBe(200);
    const tables = res.body.tables;
    expect(tables.chat_messages?.map((m) => m.body)).toEqual(['Dann so']);
    expect(tables.chat_message_edits?.map((e) => e.body)).toEqual(['Erst so']);
    expect(tables.chat_reports).toHaveLength(1);
    expect(tables.chat_rooms_member_of?.map((r) => r.name)).toContain('Export-Raum');
    // another's message text is not in it
    expect(res.text).not.toContain('Lehrertext');
  });
});

describe('reports, private chats and group changes (review of issue 22)', () => {
  const NOW = new Date('2026-11-24T08:00:00Z');
  it('reporting in a private chat is refused (422 chat.report_private); canReport tells where one may report', async () => {
    const room = (
      await asA(ChatRoomDetailsSchema, 'teacher', '/api/matrix/privateroom', {
        body: { userId: id('student2') },
      })
    ).body;
    const message = await sent('teacher', room.id, 'Bitte melde dich');
    const mark = await eventMark();
    const res = await asError('student2', `/api/matrix/${room.id}/messages/${message.id}/report`, {
      body: { reason: 'gemein' },
    });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('chat.report_private');
    expect(await eventsSince(mark, room.id)).toEqual([]);
    expect(
      (await asA(ChatMessagePageSchema, 'teacher', `/api/matrix/${room.id}/messages`)).body.items[0]?.reports,
    ).toBeUndefined();
    const group = await roomOf('teacher', { userIds: [id('student2')] });
    const list = (await asA(ChatRoomListSchema, 'student2', '/api/matrix/rooms')).body.items;
    expect(list.find((r) => r.id === room.id)?.canReport).toBe(false);
    expect(list.find((r) => r.id === group.id)?.canReport).toBe(true);
    // moderators do not report: they delete
    const own = (await asA(ChatRoomListSchema, 'teacher', '/api/matrix/rooms')).body.items;
    expect(own.find((r) => r.id === group.id)?.canReport).toBe(false);
    expect((await asA(ChatRoomDetailsSchema, 'student2', `/api/matrix/${room.id}`)).body.canReport).toBe(
      false,
    );
  });

  it('moderators, admins in the room among them, hear of reports and see the open ones per room', async () => {
    const room = await roomOf('teacher', { userIds: [id('student'), id('student2'), id('admin')] });
    const bad = await sent('student2', room.id, 'gemein');
    const worse = await sent('student2', room.id, 'noch gemeiner');
    const mark = await eventMark();
    for (const m of [bad, worse])
      expect(
        (await as('student', `/api/matrix/${room.id}/messages/${m.id}/report`, { body: {} })).status,
      ).toBe(204);
    const raised = await eventsSince(mark, room.id);
    expect(raised.map((e) => [e.type, e.to])).toEqual([
      ['chat.report', sorted('admin', 'teacher')],
      ['chat.report', sorted('admin', 'teacher')],
    ]);
    const reportsOf = async (actor: string) =>
      (await asA(ChatRoomListSchema, actor, '/api/matrix/rooms')).body.items.find((r) => r.id === room.id)
        ?.reports;
    expect(await reportsOf('teacher')).toBe(2);
    expect(await reportsOf('admin')).toBe(2);
    expect(await reportsOf('student')).toBe(0);
    expect(await reportsOf('student2')).toBe(0);
    expect((await asA(ChatRoomDetailsSchema, 'teacher', `/api/matrix/${room.id}`)).body.reports).toBe(2);
    expect((await asA(ChatRoomDetailsSchema, 'student', `/api/matrix/${room.id}`)).body.reports).toBe(0);
    // dismissing and deleting close them; the dismissal is heard by the admin too
    const mark2 = await eventMark();
    await as('admin', `/api/matrix/${room.id}/messages/${bad.id}/report/dismiss`, { method: 'POST' });
    expect((await eventsSince(mark2, room.id)).map((e) => e.to)).toEqual([sorted('admin', 'teacher')]);
    expect(await reportsOf('teacher')).toBe(1);
    await as('teacher', '/api/matrix/message/delete', { body: { roomId: room.id, messageId: worse.id } });
    expect(await reportsOf('teacher')).toBe(0);
  });

  it('a private chat whose other person is blocked or left the school is read-only (403 chat.peer_unavailable)', async () => {
    const pupil = await makeUser(t, { groups: ['5a'] });
    // the shared class 5a must not keep this test's pupil: other tests count its members (shuffled order)
    onTestFinished(() => leave5a(pupil.id));
    const room = (
      await asA(ChatRoomDetailsSchema, 'teacher', '/api/matrix/privateroom', { body: { userId: pupil.id } })
    ).body;
    expect(room.canPost).toBe(true);
    await sent('teacher', room.id, 'vorher');
    for (const off of [{ blocked: true }, { deactivatedAt: new Date('2026-11-20T00:00:00Z') }]) {
      await t.database.db.update(users).set(off).where(eq(users.id, pupil.id));
      const res = await sendRefused('teacher', room.id, 'nachher');
      expect(res.status, JSON.stringify(off)).toBe(403);
      expect(res.body.code).toBe('chat.peer_unavailable');
      const upload = await asError('teacher', `/api/matrix/${room.id}/upload`, {
        form: multipart({ clientId: newClientId() }, { data: await phonePhoto(), name: 'a.jpg' }),
      });
      expect(upload.status).toBe(403);
      expect(upload.body.code).toBe('chat.peer_unavailable');
      const listed = (await asA(ChatRoomListSchema, 'teacher', '/api/matrix/rooms')).body.items.find(
        (r) => r.id === room.id,
      );
      expect(listed?.canPost).toBe(false);
      expect((await asA(ChatRoomDetailsSchema, 'teacher', `/api/matrix/${room.id}`)).body.canPost).toBe(
        false,
      );
      await t.database.db
        .update(users)
        .set({ blocked: false, deactivatedAt: null })
        .where(eq(users.id, pupil.id));
    }
    const items = (await asA(ChatMessagePageSchema, 'teacher', `/api/matrix/${room.id}/messages`)).body.items;
    expect(items.map((m) => m.body)).toEqual(['vorher']);
    expect((await send('teacher', room.id, 'wieder da')).status).toBe(201);
  });

  it('announcements: a member cannot edit earlier messages once only moderators post', async () => {
    const room = await roomOf('teacher', { userIds: [id('student')] });
    const mine = await sent('student', room.id, 'vorher');
    await as('teacher', `/api/matrix/${room.id}/config`, { body: { announcements: true, uploads: true } });
    const res = await asError('student', `/api/matrix/${room.id}/messages/${mine.id}`, {
      method: 'PUT',
      body: { body: 'heimlich geändert' },
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('chat.announcements_only');
    expect(
      (await asA(ChatMessagePageSchema, 'teacher', `/api/matrix/${room.id}/messages`)).body.items[0],
    ).toMatchObject({
      body: 'vorher',
      editedAt: null,
    });
  });

  it('group changes outside the chat tell the people concerned and the room (chat.room, chat.room.removed)', async () => {
    const klasse = await makeGroup(t, { name: `Klasse ${Math.random()}` });
    const other = await makeGroup(t, { name: `Kurs ${Math.random()}` });
    const room = await roomOf('admin', { groupIds: [klasse.id] });
    const pupil = await makeUser(t, { groups: [] });
    // the identity import's path: the groups service, in the caller's transaction
    let mark = await eventMark();
    await addMemberships(t.database.db, schoolId, [{ userId: pupil.id, groupId: klasse.id }], NOW);
    expect(await eventsSince(mark, room.id)).toEqual([
      {
        type: 'chat.room',
        to: sorted('admin')
          .concat(pupil.id)
          .sort((a, b) => a - b),
        data: { roomId: room.id },
      },
    ]);
    // user management over HTTP: the pupil moves to another group and leaves the room
    mark = await eventMark();
    const moved = await as('admin', `/api/v2/users/${pupil.id}`, {
      method: 'PUT',
      body: { groupIds: [other.id] },
    });
    expect(moved.status, moved.text).toBe(200);
    expect(await eventsSince(mark, room.id)).toEqual([
      { type: 'chat.room.removed', to: [pupil.id], data: { roomId: room.id } },
      { type: 'chat.room', to: sorted('admin'), data: { roomId: room.id } },
    ]);
    // back again through removeMemberships/addMemberships: nothing for a room the change does not touch
    mark = await eventMark();
    await removeMemberships(t.database.db, schoolId, [{ userId: pupil.id, groupId: other.id }], NOW);
    expect(await eventsSince(mark, room.id)).toEqual([]);
  });
});
