import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { readFileSync } from 'node:fs';
import { eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  ChatMessagePageSchema,
  ChatMessageSchema,
  ChatRoomDetailsSchema,
  ChatRoomListSchema,
  DataExportSchema,
  LogPageSchema,
  type ChatMessage,
  type DataExport,
  type ChatRoomDetails,
} from '@aula/contracts';
import { auditLog, chatReports } from '../../db/schema.ts';
import { makeGroup, makeUser, uniqueName, type TestUser } from '../../test/factories.ts';
import { call, callAs, setUpTestApp, type CallOptions } from '../../test/test-app.ts';
import { tablesReferencingUsers } from '../data-export/data-export.repo.ts';

// A report stays between the reporter and the moderators (issue 32 item 3, decision 077): across the reporter,
// the reported pupil, the room's teacher (its moderator) and an admin who is in no room, nothing any of them
// but the reporter gets names the reporter or holds the reason. Canaries: a reason text and a user name made
// for this file, searched in the whole answer; the reporter's id in every column that refers to a user.

const t = setUpTestApp({ now: '2026-12-01T08:00:00Z' });

const REASON = `Kanarienvogel-${Math.random().toString(36).slice(2, 10)}`;
const REASON2 = `Zweiter-Grund-${Math.random().toString(36).slice(2, 10)}`;

interface Person extends TestUser {
  cookie: string;
}
let reporter: Person;
let reported: Person;
let teacher: Person;
let admin: Person;
let room: ChatRoomDetails;
let dismissed: ChatMessage;
let deletedByModerator: ChatMessage;
let deletedBySender: ChatMessage;
let open: ChatMessage;

async function person(role: 'student' | 'teacher' | 'admin', username: string): Promise<Person> {
  const user = await makeUser(t, { role, username, firstName: 'Vorname', lastName: 'Nachname' });
  return { ...user, cookie: await user.login() };
}

const as = (who: Person, path: string, opts: CallOptions = {}) =>
  call(t.base, path, { cookie: who.cookie, ...opts });
/** a 2xx answer of the person's, checked against the contract's schema */
const asA = <S extends z.ZodType>(schema: S, who: Person, path: string, opts: CallOptions = {}) =>
  callAs(schema, t.base, path, { cookie: who.cookie, ...opts });

async function sent(who: Person, body: string): Promise<ChatMessage> {
  const res = await asA(ChatMessageSchema, who, `/api/matrix/${room.id}/messages`, {
    body: { body, clientId: uniqueName('client-') },
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

async function report(message: ChatMessage, reason: string): Promise<void> {
  const res = await as(reporter, `/api/matrix/${room.id}/messages/${message.id}/report`, {
    body: { reason },
  });
  expect(res.status, res.text).toBe(204);
}

/** Every column of the schema that holds a user's id (actor_id, reporter_id, resolved_by, …). */
const USER_COLUMNS = new Set([
  ...tablesReferencingUsers().flatMap((link) => link.columns.map((c) => c.name)),
  'impersonatorId',
]);

/** Where in a JSON answer a user column (or a log's actor/target) holds this id. */
function userRefsTo(value: unknown, userId: number, path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => userRefsTo(v, userId, `${path}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, v]) => {
    const here = `${path}.${key}`;
    if (USER_COLUMNS.has(key) && v === userId) return [here];
    if ((key === 'actor' || key === 'target') && (v as { id?: number } | null)?.id === userId) return [here];
    return userRefsTo(v, userId, here);
  });
}

/** The canaries: neither reason, not the reporter's user name, not the reporter's id as a user reference. */
function expectNoReporter(label: string, text: string, body: unknown = JSON.parse(text)) {
  expect(text, `${label}: the reason`).not.toContain(REASON);
  expect(text, `${label}: the second reason`).not.toContain(REASON2);
  expect(text, `${label}: the reporter's user name`).not.toContain(reporter.username);
  expect(userRefsTo(body, reporter.id), `${label}: the reporter's id`).toEqual([]);
}

/** The export's audit entries, rows of the audit_log table. */
const ExportAuditRowSchema = z.object({
  action: z.string(),
  actor_id: z.number().nullable(),
  target_id: z.number().nullable(),
  details: z.record(z.string(), z.unknown()),
});
const auditLogOf = (res: { body: DataExport }) =>
  z.array(ExportAuditRowSchema).parse(res.body.tables.audit_log);

async function exportOf(who: Person) {
  const res = await asA(DataExportSchema, who, '/api/users/data');
  expect(res.status, res.text).toBe(200);
  return res;
}

beforeAll(async () => {
  const tag = Math.random().toString(36).slice(2, 8);
  reporter = await person('student', `melder${tag}`);
  reported = await person('student', `gemeldet${tag}`);
  teacher = await person('teacher', `lehrkraft${tag}`);
  admin = await person('admin', `verwaltung${tag}`);
  const group = await makeGroup(t, { members: [reporter.id, reported.id, teacher.id] });
  const made = await asA(ChatRoomDetailsSchema, teacher, '/api/matrix/room', {
    body: { name: `Klassenchat ${tag}`, groupIds: [group.id] },
  });
  expect(made.status, made.text).toBe(201);
  room = made.body;
  dismissed = await sent(reported, 'Erste Nachricht');
  deletedByModerator = await sent(reported, 'Zweite Nachricht');
  deletedBySender = await sent(reported, 'Dritte Nachricht');
  open = await sent(reported, 'Vierte Nachricht');
  for (const message of [dismissed, deletedBySender, open]) await report(message, REASON);
  await report(deletedByModerator, REASON2);
  // the moderator dismisses one and deletes one; the sender deletes one; one stays open
  const dismiss = await as(teacher, `/api/matrix/${room.id}/messages/${dismissed.id}/report/dismiss`, {
    method: 'POST',
  });
  expect(dismiss.status, dismiss.text).toBe(204);
  const byModerator = await as(teacher, '/api/matrix/message/delete', {
    body: { roomId: room.id, messageId: deletedByModerator.id },
  });
  expect(byModerator.status, byModerator.text).toBe(204);
  const bySender = await as(reported, '/api/matrix/message/delete', {
    body: { roomId: room.id, messageId: deletedBySender.id },
  });
  expect(bySender.status, bySender.text).toBe(204);
});

describe('the reported pupil', () => {
  it('sees no report in the chat: no count on messages or the room, no reason, no reporter', async () => {
    const page = await asA(ChatMessagePageSchema, reported, `/api/matrix/${room.id}/messages`);
    expect(page.status).toBe(200);
    expect(page.body.items.map((m) => m.id)).toContain(open.id);
    for (const item of page.body.items) expect(item).not.toHaveProperty('reports');
    expectNoReporter('message page', page.text, {});
    const details = await asA(ChatRoomDetailsSchema, reported, `/api/matrix/${room.id}`);
    expect(details.status).toBe(200);
    expect(details.body.reports).toBe(0);
    expect(details.text).not.toContain(REASON);
    expect(details.text).not.toContain(reporter.username);
    const rooms = await asA(ChatRoomListSchema, reported, '/api/matrix/rooms');
    expect(rooms.body.items.find((r) => r.id === room.id)?.reports).toBe(0);
    expect(rooms.text).not.toContain(REASON);
    expect(rooms.text).not.toContain(reporter.username);
  });

  it('their data export names neither the reporter nor the reason, also for their deleted messages', async () => {
    const res = await exportOf(reported);
    expectNoReporter('reported export', res.text);
    // no report row at all, no report entry; what a moderator did to their message is theirs to know
    expect(res.body.tables.chat_reports).toEqual([]);
    const actions = auditLogOf(res).map((e) => e.action);
    expect(actions).not.toContain('chat.report');
    const deletion = auditLogOf(res).find((e) => e.action === 'chat.message_delete');
    expect(deletion).toMatchObject({
      actor_id: teacher.id,
      target_id: reported.id,
      details: { roomId: room.id, messageId: deletedByModerator.id },
    });
    expect(deletion?.details).not.toHaveProperty('reports');
  });
});

describe('the moderator (the room’s teacher)', () => {
  it('sees only a count in the chat, never who reported or why', async () => {
    const page = await asA(ChatMessagePageSchema, teacher, `/api/matrix/${room.id}/messages`);
    expect(page.status).toBe(200);
    const counts = page.body.items.map((m) => [m.id, m.reports]);
    expect(counts).toEqual([
      [open.id, 1],
      [deletedBySender.id, 0],
      [deletedByModerator.id, 0],
      [dismissed.id, 0],
    ]);
    expectNoReporter('moderator message page', page.text, {});
    const details = await asA(ChatRoomDetailsSchema, teacher, `/api/matrix/${room.id}`);
    expect(details.body.reports).toBe(1);
    expect(details.text).not.toContain(REASON);
  });

  it('their export says what they decided, on which message and when, not who reported or why', async () => {
    const res = await exportOf(teacher);
    expectNoReporter('moderator export', res.text);
    const rows = res.body.tables.chat_reports as Record<string, unknown>[];
    expect(rows.map((r) => [r.message_id, r.resolution]).sort()).toEqual(
      [
        [dismissed.id, 'dismissed'],
        [deletedByModerator.id, 'deleted'],
      ].sort(),
    );
    for (const row of rows) {
      expect(Object.keys(row).sort()).toEqual([
        'id',
        'message_id',
        'resolution',
        'resolved_at',
        'resolved_by',
      ]);
      expect(row).toMatchObject({ resolved_by: teacher.id, resolved_at: '2026-12-01T08:00:00.000Z' });
    }
    const decided = auditLogOf(res)
      .filter((e) => e.action.startsWith('chat.'))
      .map((e) => [e.action, e.details.messageId]);
    expect(decided).toEqual(
      expect.arrayContaining([
        ['chat.report_dismiss', dismissed.id],
        ['chat.message_delete', deletedByModerator.id],
      ]),
    );
  });
});

describe('the reporter', () => {
  it('their own export holds their reports, with the reason and how each was closed', async () => {
    const res = await exportOf(reporter);
    const rows = (res.body.tables.chat_reports as Record<string, unknown>[]).sort(
      (a, b) => Number(a.message_id) - Number(b.message_id),
    );
    expect(rows).toMatchObject([
      { message_id: dismissed.id, reporter_id: reporter.id, reason: REASON, resolution: 'dismissed' },
      {
        message_id: deletedByModerator.id,
        reporter_id: reporter.id,
        reason: REASON2,
        resolution: 'deleted',
        resolved_by: teacher.id,
      },
      // the sender deleted it: closed without a name, so the sender's export holds no trace of it
      {
        message_id: deletedBySender.id,
        reporter_id: reporter.id,
        reason: REASON,
        resolution: 'sender_deleted',
        resolved_by: null,
      },
      { message_id: open.id, reason: REASON, resolution: null, resolved_at: null, resolved_by: null },
    ]);
  });
});

describe('an admin who is in no room', () => {
  it('sees the reports counted in the audit log, without reporter, reported pupil, address or reason', async () => {
    const logs = await asA(LogPageSchema, admin, '/api/logs?action=chat.report&perPage=100');
    expect(logs.status, logs.text).toBe(200);
    const mine = logs.body.items.filter((e) => e.details.roomId === room.id);
    expect(mine.map((e) => e.details.messageId).sort()).toEqual(
      [dismissed.id, deletedByModerator.id, deletedBySender.id, open.id].sort(),
    );
    for (const entry of mine) {
      expect(entry).toMatchObject({ actor: null, target: null, ip: null });
      expect(Object.keys(entry.details).sort()).toEqual(['messageId', 'roomId']);
    }
    expectNoReporter('logs (reports)', logs.text);
    // the reason is nowhere in the audit log
    const all = await as(admin, '/api/logs?perPage=100');
    expect(all.text).not.toContain(REASON);
    expect(all.text).not.toContain(REASON2);
    const csv = await as(admin, '/api/logs/full?action=chat.report');
    expect(csv.status).toBe(200);
    expect(csv.text).toContain('chat.report');
    expect(csv.text).not.toContain(REASON);
    expect(csv.text).not.toContain(reporter.username);
    const fullCsv = await as(admin, '/api/logs/full');
    expect(fullCsv.text).not.toContain(REASON);
    expect(fullCsv.text).not.toContain(REASON2);
    // and the admin's own export holds none of it either
    expectNoReporter('admin export', (await exportOf(admin)).text);
  });
});

describe('an upgrade', () => {
  it('scrubs report entries written before: no actor, target, address or reason', async () => {
    const db = t.database.db;
    const [old] = await db
      .insert(auditLog)
      .values({
        schoolId: reporter.schoolId,
        action: 'chat.report',
        actorId: reporter.id,
        targetId: reported.id,
        ip: '203.0.113.7',
        requestId: 'alt',
        details: { roomId: room.id, messageId: dismissed.id, reason: REASON },
      })
      .returning({ id: auditLog.id });
    const [oldDelete] = await db
      .insert(auditLog)
      .values({
        schoolId: reporter.schoolId,
        action: 'chat.message_delete',
        actorId: teacher.id,
        targetId: reported.id,
        details: { roomId: room.id, messageId: deletedByModerator.id, reports: 1 },
      })
      .returning({ id: auditLog.id });
    onTestFinished(async () => {
      await db.delete(auditLog).where(inArray(auditLog.id, [old!.id, oldDelete!.id]));
    });
    const before = (await exportOf(reported)).text;
    expect(before).toContain(REASON);
    // the data statements of the migration, run again on the rows an earlier version wrote
    const migration = readFileSync(
      new URL('../../../drizzle/0017_report_privacy.sql', import.meta.url),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint').slice(1))
      await db.execute(sql.raw(statement));
    const [scrubbed] = await db.select().from(auditLog).where(eq(auditLog.id, old!.id));
    expect(scrubbed).toMatchObject({ actorId: null, targetId: null, ip: null, requestId: null });
    expect(scrubbed!.details).toEqual({ roomId: room.id, messageId: dismissed.id });
    const [deletion] = await db.select().from(auditLog).where(eq(auditLog.id, oldDelete!.id));
    expect(deletion!.details).toEqual({ roomId: room.id, messageId: deletedByModerator.id });
    expectNoReporter('reported export after the upgrade', (await exportOf(reported)).text);
    // the reports keep how they were closed
    const reports = await db.select().from(chatReports).where(eq(chatReports.reporterId, reporter.id));
    expect(reports.map((r) => r.resolution ?? 'open').sort()).toEqual([
      'deleted',
      'dismissed',
      'open',
      'sender_deleted',
    ]);
  });
});
