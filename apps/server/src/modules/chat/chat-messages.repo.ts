// SQL of chat messages (decisions 070, 072): only this file writes chat_messages, chat_message_edits,
// chat_reads, chat_reports and chat_devices; it reads users to name senders. Rooms and members are in
// chat.repo.ts.
import { and, asc, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import {
  chatDevices,
  chatMessageEdits,
  chatMessages,
  chatReads,
  chatReports,
  chatRooms,
  users,
} from '../../db/schema.ts';
import { displayNameSql } from '../users/person.repo.ts';
import type { Person } from './chat.repo.ts';

const ids = (list: readonly number[]) => (list.length ? [...list] : [-1]);
const messageIdCol = sql.raw('"chat_messages"."id"');
const senderIdCol = sql.raw('"chat_messages"."sender_id"');

// ---------------------------------------------------------------- messages

const messageColumns = {
  id: chatMessages.id,
  roomId: chatMessages.roomId,
  senderId: chatMessages.senderId,
  sender: sql<Person | null>`(select json_build_object('id', s.id, 'name', ${displayNameSql('s')}, 'type', s.type)
    from ${users} s where s.id = ${senderIdCol})`,
  body: chatMessages.body,
  fileId: chatMessages.fileId,
  fileName: chatMessages.fileName,
  fileMime: chatMessages.fileMime,
  fileSize: chatMessages.fileSize,
  fileWidth: chatMessages.fileWidth,
  fileHeight: chatMessages.fileHeight,
  clientId: chatMessages.clientId,
  createdAt: chatMessages.createdAt,
  editedAt: chatMessages.editedAt,
  deletedAt: chatMessages.deletedAt,
  openReports: sql<number>`(select count(*) from ${chatReports} r where r.message_id = ${messageIdCol}
    and r.resolved_at is null)`.mapWith(Number),
};

export type MessageRow = Awaited<ReturnType<typeof findMessage>> & {};

/** A page of a room's messages, newest first, older than `before`: one query on the (room_id, id) index. */
export async function findMessagePage(db: Db, roomId: number, before: number | undefined, limit: number) {
  const where = [eq(chatMessages.roomId, roomId)];
  if (before !== undefined) where.push(lt(chatMessages.id, before));
  return db
    .select(messageColumns)
    .from(chatMessages)
    .where(and(...where))
    .orderBy(desc(chatMessages.id))
    .limit(limit);
}

export async function findMessagesById(db: Db, messageIds: number[]) {
  if (!messageIds.length) return [];
  return db.select(messageColumns).from(chatMessages).where(inArray(chatMessages.id, messageIds));
}

/** A message of the room (of the school), or null. */
export async function findMessage(
  db: Db,
  schoolId: number,
  roomId: number | null,
  messageId: number,
  opts: { forUpdate?: boolean } = {},
) {
  const where = [eq(chatMessages.schoolId, schoolId), eq(chatMessages.id, messageId)];
  if (roomId !== null) where.push(eq(chatMessages.roomId, roomId));
  const query = db
    .select(messageColumns)
    .from(chatMessages)
    .where(and(...where));
  const [row] = await (opts.forUpdate ? query.for('update', { of: chatMessages }) : query);
  return row ?? null;
}

export interface NewMessage {
  schoolId: number;
  roomId: number;
  senderId: number;
  body: string | null;
  clientId: string;
  createdAt: Date;
  file?: {
    id: number;
    name: string;
    mime: string;
    size: number;
    width: number | null;
    height: number | null;
  };
}

/**
 * Inserts the message unless the sender already sent one with this client id in the room (a retry): then
 * null, and nothing is written. The room's last_message_at moves with a new message.
 */
export async function insertMessage(db: Db, m: NewMessage): Promise<number | null> {
  const [row] = await db
    .insert(chatMessages)
    .values({
      schoolId: m.schoolId,
      roomId: m.roomId,
      senderId: m.senderId,
      body: m.body,
      clientId: m.clientId,
      createdAt: m.createdAt,
      fileId: m.file?.id ?? null,
      fileName: m.file?.name ?? null,
      fileMime: m.file?.mime ?? null,
      fileSize: m.file?.size ?? null,
      fileWidth: m.file?.width ?? null,
      fileHeight: m.file?.height ?? null,
    })
    .onConflictDoNothing({ target: [chatMessages.roomId, chatMessages.senderId, chatMessages.clientId] })
    .returning({ id: chatMessages.id });
  if (!row) return null;
  await db.update(chatRooms).set({ lastMessageAt: m.createdAt }).where(eq(chatRooms.id, m.roomId));
  return row.id;
}

/** The sender's message with this client id in the room, if any (an earlier send of a retry). */
export async function findMessageByClientId(db: Db, roomId: number, senderId: number, clientId: string) {
  const [row] = await db
    .select(messageColumns)
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.roomId, roomId),
        eq(chatMessages.senderId, senderId),
        eq(chatMessages.clientId, clientId),
      ),
    );
  return row ?? null;
}

/** Keeps the current text as an earlier version and writes the new one. */
export async function editMessage(
  db: Db,
  messageId: number,
  previous: { body: string; at: Date },
  body: string,
  at: Date,
): Promise<void> {
  await db.insert(chatMessageEdits).values({ messageId, body: previous.body, at: previous.at });
  await db.update(chatMessages).set({ body, editedAt: at }).where(eq(chatMessages.id, messageId));
}

/** Earlier versions, oldest first. */
export async function findEdits(db: Db, messageId: number) {
  return db
    .select({ body: chatMessageEdits.body, at: chatMessageEdits.at })
    .from(chatMessageEdits)
    .where(eq(chatMessageEdits.messageId, messageId))
    .orderBy(asc(chatMessageEdits.at), asc(chatMessageEdits.id));
}

/** How a report was closed: a moderator dismissed it or deleted the message, or its sender deleted it. */
export type ReportResolution = 'dismissed' | 'deleted' | 'sender_deleted';

/**
 * Marks the message deleted: text, file reference and edit history go at once, the row keeps its place; its
 * open reports are closed, by the moderator who deleted it (`moderator`), or without a name when the sender
 * deleted their own message (so the sender's export never learns of a report, decision 077). Returns the file
 * id it referred to.
 */
export async function markMessageDeleted(
  db: Db,
  messageId: number,
  by: number,
  at: Date,
  opts: { moderator: boolean },
): Promise<number | null> {
  const [before] = await db
    .select({ fileId: chatMessages.fileId })
    .from(chatMessages)
    .where(eq(chatMessages.id, messageId));
  await db.delete(chatMessageEdits).where(eq(chatMessageEdits.messageId, messageId));
  await db
    .update(chatMessages)
    .set({
      body: null,
      fileId: null,
      fileName: null,
      fileMime: null,
      fileSize: null,
      fileWidth: null,
      fileHeight: null,
      deletedAt: at,
      deletedBy: by,
    })
    .where(eq(chatMessages.id, messageId));
  await db
    .update(chatReports)
    .set({
      resolvedAt: at,
      resolvedBy: opts.moderator ? by : null,
      resolution: (opts.moderator ? 'deleted' : 'sender_deleted') satisfies ReportResolution,
    })
    .where(and(eq(chatReports.messageId, messageId), isNull(chatReports.resolvedAt)));
  return before?.fileId ?? null;
}

/** The file ids of a room's messages (deleting the room deletes them). */
export async function findRoomFileIds(db: Db, roomId: number): Promise<number[]> {
  const rows = await db
    .select({ id: chatMessages.fileId })
    .from(chatMessages)
    .where(and(eq(chatMessages.roomId, roomId), sql`${chatMessages.fileId} is not null`));
  return rows.map((r) => r.id!);
}

/**
 * Retention (decision 072): deletes up to `limit` of the school's messages written before `cutoff`, with their
 * edits and reports; returns how many and the file ids they referred to.
 */
export async function deleteMessagesBefore(
  db: Db,
  schoolId: number,
  cutoff: Date,
  limit: number,
): Promise<{ count: number; fileIds: number[] }> {
  const old = db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(and(eq(chatMessages.schoolId, schoolId), lt(chatMessages.createdAt, cutoff)))
    .limit(limit);
  const rows = await db
    .delete(chatMessages)
    .where(inArray(chatMessages.id, old))
    .returning({ fileId: chatMessages.fileId });
  return {
    count: rows.length,
    fileIds: rows.map((r) => r.fileId).filter((id): id is number => id !== null),
  };
}

// ---------------------------------------------------------------- reads, reports, devices

/** Moves the member's seen marker forward (never back); true when it moved. */
export async function markSeen(
  db: Db,
  roomId: number,
  userId: number,
  messageId: number,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .insert(chatReads)
    .values({ roomId, userId, messageId, at })
    .onConflictDoUpdate({
      target: [chatReads.roomId, chatReads.userId],
      set: { messageId, at },
      setWhere: lt(chatReads.messageId, messageId),
    })
    .returning({ messageId: chatReads.messageId });
  return rows.length > 0;
}

/** The seen markers of the room's current members. */
export async function findSeen(db: Db, roomId: number, memberIds: number[]) {
  return db
    .select({ userId: chatReads.userId, messageId: chatReads.messageId })
    .from(chatReads)
    .where(and(eq(chatReads.roomId, roomId), inArray(chatReads.userId, ids(memberIds))))
    .orderBy(asc(chatReads.userId));
}

/** A member's report of a message; a second report of the same member stays the first. */
export async function insertReport(
  db: Db,
  r: { schoolId: number; messageId: number; reporterId: number; reason: string; at: Date },
): Promise<boolean> {
  const rows = await db
    .insert(chatReports)
    .values({
      schoolId: r.schoolId,
      messageId: r.messageId,
      reporterId: r.reporterId,
      reason: r.reason,
      createdAt: r.at,
    })
    .onConflictDoNothing()
    .returning({ id: chatReports.id });
  return rows.length > 0;
}

/** Closes the open reports of a message; how many. */
export async function resolveReports(db: Db, messageId: number, by: number, at: Date): Promise<number> {
  const rows = await db
    .update(chatReports)
    .set({ resolvedAt: at, resolvedBy: by, resolution: 'dismissed' satisfies ReportResolution })
    .where(and(eq(chatReports.messageId, messageId), isNull(chatReports.resolvedAt)))
    .returning({ id: chatReports.id });
  return rows.length;
}

export async function upsertDevice(db: Db, userId: number, deviceId: string, at: Date): Promise<void> {
  await db
    .insert(chatDevices)
    .values({ userId, deviceId, createdAt: at, lastLoginAt: at })
    .onConflictDoUpdate({ target: [chatDevices.userId, chatDevices.deviceId], set: { lastLoginAt: at } });
}

// ---------------------------------------------------------------- data export
