import { and, eq, getTableColumns, inArray, is, or, sql, type SQL } from 'drizzle-orm';
import { getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/index.ts';
import * as schema from '../../db/schema.ts';

/** A table with foreign keys to users, and the columns that hold the user's id. */
export interface UserLink {
  name: string;
  table: PgTable;
  columns: PgColumn[];
}

/** Every table of the schema, by its SQL name. */
export function schemaTables(): Map<string, PgTable> {
  const tables = new Map<string, PgTable>();
  for (const value of Object.values(schema)) {
    if (is(value, PgTable)) tables.set(getTableConfig(value).name, value);
  }
  return tables;
}

/** Every table with a foreign key to users, found by walking the schema: a new table cannot be forgotten. */
export function tablesReferencingUsers(): UserLink[] {
  const links: UserLink[] = [];
  for (const [name, table] of schemaTables()) {
    const columns = getTableConfig(table).foreignKeys.flatMap((fk) => {
      const ref = fk.reference();
      return ref.foreignTable === schema.users ? ref.columns : [];
    });
    if (columns.length > 0) links.push({ name, table, columns });
  }
  return links;
}

/**
 * Rows owned through a parent row of the user: the tiles on their personal layouts, the groups of their tiles
 * and of their video rooms.
 */
export const CHILD_TABLES = [
  'layout_items',
  'app_groups',
  'bbb_room_groups',
  'chat_room_groups',
  'chat_message_edits',
] as const;
/** Rows kept per typed sign-in name rather than per user id (unknown names must behave like known ones). */
export const ACCOUNT_KEY_TABLES = ['login_failures', 'login_locks', 'reset_requests'] as const;

type Row = Record<string, unknown>;

/** Drizzle's property names back to the SQL column names, which the export shows. */
function withSqlNames(table: PgTable, rows: Row[]): Row[] {
  const names = Object.entries(getTableColumns(table)).map(([key, column]) => [key, column.name] as const);
  return rows.map((row) => Object.fromEntries(names.map(([key, name]) => [name, row[key]])));
}

async function selectWhere(db: Db, table: PgTable, where: SQL | undefined): Promise<Row[]> {
  const rows = (await db.select().from(table).where(where)) as Row[];
  return withSqlNames(table, rows);
}

export async function selectUserRow(db: Db, userId: number): Promise<Row | null> {
  const [row] = await selectWhere(db, schema.users, eq(schema.users.id, userId));
  return row ?? null;
}

/** The rows of one table whose user columns name the user; audit entries also where they impersonated. */
export async function selectLinkedRows(db: Db, link: UserLink, userId: number): Promise<Row[]> {
  const conditions = link.columns.map((column) => eq(column, userId));
  if (link.table === schema.auditLog)
    conditions.push(sql`(${schema.auditLog.details}->>'impersonatorId') = ${String(userId)}`);
  return selectWhere(db, link.table, or(...conditions));
}

export async function selectChildRows(db: Db, userId: number): Promise<Record<string, Row[]>> {
  const { apps, appGroups, bbbRoomGroups, bbbRooms, layoutItems, layouts } = schema;
  const { chatMessageEdits, chatMessages, chatRoomGroups, chatRooms } = schema;
  const ownLayouts = db.select({ id: layouts.id }).from(layouts).where(eq(layouts.ownerId, userId));
  const ownApps = db.select({ id: apps.id }).from(apps).where(eq(apps.creatorId, userId));
  const ownRooms = db.select({ id: bbbRooms.id }).from(bbbRooms).where(eq(bbbRooms.ownerId, userId));
  const ownChatRooms = db.select({ id: chatRooms.id }).from(chatRooms).where(eq(chatRooms.ownerId, userId));
  const ownMessages = db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(eq(chatMessages.senderId, userId));
  return {
    layout_items: await selectWhere(db, layoutItems, inArray(layoutItems.layoutId, ownLayouts)),
    app_groups: await selectWhere(db, appGroups, inArray(appGroups.appId, ownApps)),
    bbb_room_groups: await selectWhere(db, bbbRoomGroups, inArray(bbbRoomGroups.roomId, ownRooms)),
    // the groups of the chat rooms the user made, and the earlier versions of the user's messages (decision 072)
    chat_room_groups: await selectWhere(db, chatRoomGroups, inArray(chatRoomGroups.roomId, ownChatRooms)),
    chat_message_edits: await selectWhere(
      db,
      chatMessageEdits,
      inArray(chatMessageEdits.messageId, ownMessages),
    ),
  };
}

export async function selectAccountKeyRows(
  db: Db,
  schoolId: number,
  accountKeys: string[],
): Promise<Record<string, Row[]>> {
  const { loginFailures, loginLocks, resetRequests } = schema;
  return {
    login_failures: await selectWhere(
      db,
      loginFailures,
      and(eq(loginFailures.schoolId, schoolId), inArray(loginFailures.accountKey, accountKeys)),
    ),
    login_locks: await selectWhere(
      db,
      loginLocks,
      and(eq(loginLocks.schoolId, schoolId), inArray(loginLocks.accountKey, accountKeys)),
    ),
    reset_requests: await selectWhere(
      db,
      resetRequests,
      and(eq(resetRequests.schoolId, schoolId), inArray(resetRequests.accountKey, accountKeys)),
    ),
  };
}

/**
 * The photos of the sick notices about the user (decision 062): a notice a teacher reported for a pupil
 * holds a file the teacher owns, which the owner walk finds only in the teacher's export.
 */
export async function selectSickPhotoFiles(db: Db, userId: number): Promise<Row[]> {
  const { files, sickNotices } = schema;
  const photos = db
    .select({ id: sickNotices.photoFileId })
    .from(sickNotices)
    .where(and(eq(sickNotices.userId, userId), sql`${sickNotices.photoFileId} is not null`));
  return selectWhere(db, files, inArray(files.id, photos));
}
