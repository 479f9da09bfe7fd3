import { beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { DataExportSchema } from '@aula/contracts';
import * as schema from '../../db/schema.ts';
import {
  externalIdentities,
  adminMessageSeen,
  adminMessages,
  appOpens,
  auditLog,
  bbbCodeMisses,
  bbbRoomGroups,
  bbbRoomMembers,
  bbbRooms,
  chatDevices,
  chatMessageEdits,
  chatMessages,
  chatReads,
  chatReports,
  chatRoomGroups,
  chatRoomMembers,
  chatRooms,
  files,
  groups,
  mailOutbox,
  pushQueue,
  pushSettings,
  pushSubscriptions,
  resetCodes,
  sessions,
  sickNotices,
  users,
} from '../../db/schema.ts';
import { makeCameraPicture } from '../../test/area-factories.ts';
import { makeTile } from '../../test/factories.ts';
import { phonePhoto } from '../../test/photos.ts';
import {
  call,
  callAs,
  cookiesFrom,
  DEMO_PASSWORD,
  demoSchoolId,
  loginAs,
  setUpTestApp,
  userIds,
} from '../../test/test-app.ts';
import { ACCOUNT_KEY_TABLES, CHILD_TABLES } from './data-export.repo.ts';
import { NOT_PERSONAL_TABLES } from '../manifests.ts';
import { REDACTED } from './data-export.service.ts';

const NOW = Date.parse('2026-05-04T09:30:00Z');
const FILE_BYTES = Buffer.from('%PDF-1.4 Hausaufgaben von Sara\n');
const SECRETS = {
  totp: 'TOTPSEEDCANARY7Q',
  pending: 'TOTPPENDINGCANARY9',
  code: 'code-hash-canary-3f9a',
  mailCode: 'RESETC0DE',
  roomPw: 'room-password-canary',
  pushAuth: 'push-auth-canary',
};

const t = setUpTestApp({ now: NOW });
let schoolId = 0;
let studentId = 0;
let otherId = 0;
const cookieValues: string[] = [];
let studentCookie = '';

/** The tables with a foreign key to users, walked here independently of the code under test. */
function referencingTables(): { name: string; table: PgTable; columns: string[] }[] {
  const found = [];
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    const columns = config.foreignKeys.flatMap((fk) => {
      const ref = fk.reference();
      return ref.foreignTable === users ? ref.columns.map((c) => c.name) : [];
    });
    if (columns.length > 0) found.push({ name: config.name, table: value, columns });
  }
  return found;
}

async function seedRowsOf(username: string, userId: number, marker: string): Promise<void> {
  const db = t.database.db;
  const [file] = await db
    .insert(files)
    .values({
      schoolId,
      name: `${marker}.pdf`,
      mime: 'application/pdf',
      size: FILE_BYTES.length,
      data: FILE_BYTES,
      ownerId: userId,
    })
    .returning({ id: files.id });
  const [group] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(eq(groups.schoolId, schoolId))
    .limit(1);
  // a download tile of theirs, shared with a group, on their personal layout
  const app = await makeTile(t, {
    title: `${marker} App`,
    url: null,
    target: 'download',
    fileId: file!.id,
    creatorId: userId,
    wantedPerms: 'private',
    groups: [group!.id],
    layouts: [{ personal: userId }],
  });
  await db.insert(appOpens).values({ schoolId, userId, appId: app.id });
  await db
    .insert(resetCodes)
    .values({ schoolId, userId, codeHash: `${SECRETS.code}-${marker}`, expiresAt: new Date(NOW + 600_000) });
  await db.insert(mailOutbox).values({
    schoolId,
    userId,
    to: `${username}@demo-schule.example`,
    subject: `${marker}: Code zum Zurücksetzen`,
    body: `Dein Code: ${SECRETS.mailCode}`,
  });
  // a message the user wrote (as an admin would) and one they dismissed
  const [message] = await db
    .insert(adminMessages)
    .values({ schoolId, type: 'normal', title: { de: `${marker}: Elternabend` }, createdBy: userId })
    .returning({ id: adminMessages.id });
  await db.insert(adminMessageSeen).values({ schoolId, messageId: message!.id, userId });
  // a sick notice they reported for themself (decision 062)
  await db.insert(sickNotices).values({
    schoolId,
    userId,
    reportedBy: userId,
    begins: '2026-11-20',
    ends: '2026-11-21',
    message: `${marker}: Fieber`,
  });
  // a video room of theirs for their group, and a seat in another's room (decision 067)
  const [room] = await db
    .insert(bbbRooms)
    .values({
      schoolId,
      ownerId: userId,
      name: `${marker} Lernraum`,
      code: marker === 'Sara' ? 'sar-asa-ra2' : 'ali-ali-al2',
      meetingId: `export-${marker}`,
      attendeePw: `${SECRETS.roomPw}-a-${marker}`,
      moderatorPw: `${SECRETS.roomPw}-m-${marker}`,
    })
    .returning({ id: bbbRooms.id });
  await db.insert(bbbRoomGroups).values({ roomId: room!.id, groupId: group!.id });
  const [demoRoom] = await db
    .select({ id: bbbRooms.id })
    .from(bbbRooms)
    .where(eq(bbbRooms.name, 'Klasse 5a'));
  await db.insert(bbbRoomMembers).values({ roomId: demoRoom!.id, userId, moderator: false });
  // a room code they looked up in vain (counted against them for an hour)
  await db.insert(bbbCodeMisses).values({ schoolId, userId, at: new Date(NOW) });
  // a chat room of theirs for their group, a message with an earlier version, one they deleted, a report
  // they made and closed, a seen marker and a device (decisions 070, 072); the room's name is no marker: the
  // other user is in the group and so in the room
  const [chatRoom] = await db
    .insert(chatRooms)
    .values({ schoolId, kind: 'group', name: `Chatraum ${userId}`, ownerId: userId })
    .returning({ id: chatRooms.id });
  await db.insert(chatRoomGroups).values({ roomId: chatRoom!.id, groupId: group!.id });
  await db.insert(chatRoomMembers).values({ roomId: chatRoom!.id, userId, moderator: true });
  const [chatMessage] = await db
    .insert(chatMessages)
    .values({ schoolId, roomId: chatRoom!.id, senderId: userId, body: `${marker}: Hallo`, clientId: 'x' })
    .returning({ id: chatMessages.id });
  await db
    .insert(chatMessageEdits)
    .values({ messageId: chatMessage!.id, body: `${marker}: Halo`, at: new Date(NOW) });
  await db.insert(chatMessages).values({
    schoolId,
    roomId: chatRoom!.id,
    senderId: userId,
    body: null,
    deletedAt: new Date(NOW),
    deletedBy: userId,
  });
  await db
    .insert(chatReads)
    .values({ roomId: chatRoom!.id, userId, messageId: chatMessage!.id, at: new Date(NOW) });
  await db.insert(chatReports).values({
    schoolId,
    messageId: chatMessage!.id,
    reporterId: userId,
    reason: `${marker}: Test`,
    resolvedAt: new Date(NOW),
    resolvedBy: userId,
  });
  await db
    .insert(chatDevices)
    .values({ userId, deviceId: `dev${userId}`.padEnd(9, 'x'), lastLoginAt: new Date(NOW) });
  // the account's identity at the school's identity provider
  await db
    .insert(externalIdentities)
    .values({ schoolId, userId, provider: 'oidc', issuer: 'https://idp.example', subject: `sub-${marker}` });
  // a failed sign-in on the account, then a real one (sessions, audit entries)
  await call(t.base, '/api/login', { body: { username, password: 'falsch-falsch' } });
  const res = await call(t.base, '/api/login', { body: { username, password: DEMO_PASSWORD } });
  for (const c of res.headers.getSetCookie()) cookieValues.push(c.split(';')[0]!.split('=')[1]!);
  // a device of theirs with a push waiting for it, and their push settings (decision 073)
  const [session] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.id))
    .limit(1);
  const [device] = await db
    .insert(pushSubscriptions)
    .values({
      schoolId,
      userId,
      sessionId: session!.id,
      endpoint: `https://push.example/${marker}`,
      p256dh: 'p256dh',
      auth: `${SECRETS.pushAuth}-${marker}`,
    })
    .returning({ id: pushSubscriptions.id });
  const payload = {
    kind: 'chat' as const,
    title: 'Neue Chat-Nachricht',
    body: '',
    url: '/app/chat',
    tag: 'c',
  };
  await db.insert(pushQueue).values({
    schoolId,
    subscriptionId: device!.id,
    userId,
    kind: 'chat',
    tag: 'c',
    payload,
    notBefore: new Date(NOW),
    nextAttemptAt: new Date(NOW),
    createdAt: new Date(NOW),
  });
  await db.insert(pushSettings).values({ schoolId, userId, off: ['video'] });
}

beforeAll(async () => {
  schoolId = await demoSchoolId(t);
  const db = t.database.db;
  const ids = await userIds(t);
  studentId = ids.get('student')!;
  otherId = ids.get('student2')!;
  await seedRowsOf('student', studentId, 'Sara');
  await seedRowsOf('student2', otherId, 'Ali');
  // a camera picture of the student that an admin took (decision 063)
  await makeCameraPicture(t, await loginAs(t.base, 'admin'), 'demo-student', await phonePhoto(64, 48));
  // the student has TOTP from here on: their session was opened before
  studentCookie = await loginAs(t.base, 'student');
  for (const pair of studentCookie.split('; ')) cookieValues.push(pair.split('=')[1]!);
  await db
    .update(users)
    .set({ totpSecret: SECRETS.totp, totpPendingSecret: SECRETS.pending })
    .where(eq(users.id, studentId));
});

async function exportOf(username: string) {
  const cookie = username === 'student' ? studentCookie : await loginAs(t.base, username);
  const res = await call(t.base, '/api/users/data', { cookie });
  expect(res.status).toBe(200);
  return { res, data: DataExportSchema.parse(res.body) };
}

describe('GET /api/users/data', () => {
  it('is a JSON download named after the user and the day, and is audited', async () => {
    const { res, data } = await exportOf('student');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="aula-data-student-2026-05-04.json"',
    );
    expect(data.exported_at).toBe(new Date(NOW).toISOString());
    expect(data.user).toMatchObject({ id: studentId, username: 'student', first_name: 'Sara' });
    const exports = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'data.export'), eq(auditLog.targetId, studentId)));
    expect(exports[0]).toMatchObject({ actorId: studentId });
    expect((data.tables.audit_log ?? []).map((e) => e.action)).toContain('data.export');
  });

  it('a visitor gets 401', async () => {
    expect((await call(t.base, '/api/users/data')).status).toBe(401);
  });

  it('holds every table that references users, each with exactly the rows that name the user', async () => {
    const { data } = await exportOf('student');
    const tables = referencingTables();
    expect(tables.length).toBeGreaterThan(5);
    for (const { name, columns } of tables) {
      expect(data.tables, `table ${name} references users but is missing from the export`).toHaveProperty(
        name,
      );
      const where = sql.join(
        columns.map((c) => sql`${sql.identifier(c)} = ${studentId}`),
        sql` or `,
      );
      const extra =
        name === 'audit_log' ? sql` or (details->>'impersonatorId') = ${String(studentId)}` : sql``;
      const counted = await t.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from ${sql.identifier(name)} where ${where}${extra}`,
      );
      const n = Number(counted.rows[0]!.n);
      expect(n, `seed a row of ${name} for the student in this test`).toBeGreaterThan(0);
      expect(data.tables[name], `rows of ${name}`).toHaveLength(n);
    }
  });

  it('every table of the schema is exported or listed as holding nothing personal', () => {
    const all = new Set<string>();
    for (const value of Object.values(schema)) if (is(value, PgTable)) all.add(getTableConfig(value).name);
    const classified = new Set([
      'users',
      ...referencingTables().map((r) => r.name),
      ...CHILD_TABLES,
      ...ACCOUNT_KEY_TABLES,
      ...Object.keys(NOT_PERSONAL_TABLES),
    ]);
    expect([...all].filter((name) => !classified.has(name))).toEqual([]);
  });

  it("holds the tiles on the user's personal layout, their files as base64 and their failed sign-ins", async () => {
    const { data } = await exportOf('student');
    expect(data.tables.files).toEqual([
      expect.objectContaining({ name: 'Sara.pdf', owner_id: studentId, data: FILE_BYTES.toString('base64') }),
    ]);
    expect(data.tables.layout_items).toHaveLength(1);
    expect(data.tables.app_groups).toHaveLength(1);
    expect(data.tables.bbb_rooms).toEqual([
      expect.objectContaining({ name: 'Sara Lernraum', attendee_pw: REDACTED, moderator_pw: REDACTED }),
    ]);
    expect(data.tables.bbb_room_groups).toHaveLength(1);
    expect(data.tables.bbb_room_members).toEqual([expect.objectContaining({ user_id: studentId })]);
    expect(data.tables.login_failures).toEqual([expect.objectContaining({ account_key: 'student' })]);
    expect(data.tables.mail_outbox).toEqual([
      expect.objectContaining({ subject: 'Sara: Code zum Zurücksetzen', body: REDACTED }),
    ]);
  });

  it('holds the camera pictures of the user, with the files someone else took (decision 063)', async () => {
    const { data } = await exportOf('student');
    expect(data.tables.camera_pictures).toEqual([expect.objectContaining({ user_id: studentId, width: 64 })]);
    expect(data.tables.camera_picture_files!.map((f) => f.mime)).toEqual(['image/jpeg', 'image/webp']);
  });

  it("a second address the user claims does not pull in others' failed sign-ins; others' addresses stay out", async () => {
    const cookie = await loginAs(t.base, 'student3');
    // student3 claims the teacher's address as their second one, then someone fails to sign in as the teacher
    const claimed = await call(t.base, '/api/self/secondary-email', {
      method: 'PUT',
      cookie,
      body: { email: 'teacher@demo-schule.example', password: DEMO_PASSWORD },
    });
    expect(claimed.status).toBe(200);
    await call(t.base, '/api/login', {
      body: { username: 'teacher@demo-schule.example', password: 'falsch' },
    });
    // and a superadmin acts on student3: that entry must not carry the superadmin's address
    const superadmin = await loginAs(t.base, 'superadmin');
    await call(t.base, `/api/users/${(await userIds(t)).get('student3')}/unlock`, {
      method: 'POST',
      cookie: superadmin,
    });
    const res = await call(t.base, '/api/users/data', { cookie });
    const data = DataExportSchema.parse(res.body);
    expect(data.tables.login_failures ?? []).toEqual([]);
    const others = data.tables.audit_log!.filter((row) => row.actor_id !== data.user.id);
    expect(others.length).toBeGreaterThan(0);
    for (const row of others) expect(row).not.toHaveProperty('ip');
  });

  it('no secret column value appears in the export', async () => {
    const { res, data } = await exportOf('student');
    const db = t.database.db;
    const [user] = await db.select().from(users).where(eq(users.id, studentId));
    const secretValues = [
      user!.passwordHash!,
      SECRETS.totp,
      SECRETS.pending,
      SECRETS.code,
      SECRETS.mailCode,
      SECRETS.roomPw,
      SECRETS.pushAuth,
    ];
    const stored = await db.select().from(schema.sessions).where(eq(schema.sessions.userId, studentId));
    expect(stored.length).toBeGreaterThan(0);
    for (const s of stored) secretValues.push(s.accessTokenHash, s.refreshTokenHash);
    for (const value of [...secretValues, ...cookieValues]) expect(res.text).not.toContain(value);
    expect(data.user).toMatchObject({
      password_hash: REDACTED,
      totp_secret: REDACTED,
      totp_pending_secret: REDACTED,
    });
    for (const [name, rows] of Object.entries({ users: [data.user], ...data.tables })) {
      for (const row of rows) {
        for (const [column, value] of Object.entries(row)) {
          if (/_(hash|secret|pw)$/.test(column))
            expect([REDACTED, null], `${name}.${column}`).toContain(value);
        }
      }
    }
  });

  it("is the caller's own: another user's rows never appear", async () => {
    const { res, data } = await exportOf('student');
    expect(res.text).not.toContain('Ali');
    expect(res.text).not.toContain('student2');
    for (const { name, columns } of referencingTables()) {
      for (const row of data.tables[name]!) {
        const linked =
          columns.some((c) => row[c] === studentId) ||
          (name === 'audit_log' && (row.details as { impersonatorId?: number }).impersonatorId === studentId);
        expect(linked, `${name} row ${JSON.stringify(row)}`).toBe(true);
      }
    }
    const { data: theirs } = await exportOf('student2');
    expect(theirs.user.id).toBe(otherId);
    expect(theirs.tables.files).toEqual([expect.objectContaining({ name: 'Ali.pdf' })]);
  });

  it("a superadmin's export holds what they did while impersonating", async () => {
    const admin = await loginAs(t.base, 'superadmin');
    const start = await call(t.base, `/api/users/impersonate/${otherId}`, {
      cookie: admin,
      body: { reason: 'Support-Anfrage' },
    });
    expect(start.status).toBe(200);
    const stop = await call(t.base, '/api/users/impersonate', {
      method: 'DELETE',
      cookie: cookiesFrom(start),
    });
    expect(stop.status).toBe(200);
    const res = await callAs(DataExportSchema, t.base, '/api/users/data', { cookie: cookiesFrom(stop) });
    const actions = res.body.tables.audit_log?.map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['impersonation.start', 'impersonation.stop']));
  });
});
