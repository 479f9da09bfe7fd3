// SQL of chat rooms (decisions 070, 072): only this file writes chat_rooms, chat_room_members and
// chat_room_groups (messages, reads, reports and devices: chat-messages.repo.ts). It reads users, groups and
// group_members (owned by users and groups) to name people and to decide who is a member; whom a caller
// reaches is asked of users.service.ts and groups.service.ts. A later Matrix bridge replaces this file
// behind the same functions.
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import {
  chatMessages,
  chatReads,
  chatReports,
  chatRoomGroups,
  chatRoomMembers,
  chatRooms,
  groupMembers,
  groups,
  users,
} from '../../db/schema.ts';
import { displayNameSql } from '../users/person.repo.ts';

// drizzle writes a column without its table inside a select list: subqueries name the outer table
const roomIdCol = sql.raw('"chat_rooms"."id"');
const userIdCol = sql.raw('"users"."id"');

export interface Person {
  id: number;
  name: string;
  type: string;
}

// ---------------------------------------------------------------- rooms

/** The viewer is a member as a person (a member row) or through one of their groups, as they are now. */
export function isMemberOf(userId: number): SQL {
  return sql`(exists (select 1 from ${chatRoomMembers} m where m.room_id = ${roomIdCol} and m.user_id = ${userId})
    or exists (select 1 from ${chatRoomGroups} rg join ${groupMembers} gm on gm.group_id = rg.group_id
      where rg.room_id = ${roomIdCol} and gm.user_id = ${userId}))`;
}

/** How many messages at most an unread count counts (the badge shows "99+" long before). */
export const UNREAD_CAP = 999;

/** Who looks at a room: the moderator rule (partOf in chat-access.ts) needs to know whether they are an admin. */
export interface Viewer {
  id: number;
  admin: boolean;
}

function roomColumns(viewer: Viewer) {
  const userId = viewer.id;
  const promoted = sql`coalesce((select m.moderator from ${chatRoomMembers} m
      where m.room_id = ${roomIdCol} and m.user_id = ${userId}), false)`;
  // the same rule as partOf: the room's moderators, owner and (as members) admins, group rooms only
  const moderator = sql`(${chatRooms.kind} = 'group' and (${chatRooms.ownerId} = ${userId} or ${promoted}
    or (${sql.raw(viewer.admin ? 'true' : 'false')} and ${isMemberOf(userId)})))`;
  return {
    id: chatRooms.id,
    schoolId: chatRooms.schoolId,
    kind: chatRooms.kind,
    name: chatRooms.name,
    ownerId: chatRooms.ownerId,
    announcements: chatRooms.announcements,
    uploads: chatRooms.uploads,
    lastMessageAt: chatRooms.lastMessageAt,
    createdAt: chatRooms.createdAt,
    isMember: sql<boolean>`${isMemberOf(userId)}`,
    isPromoted: sql<boolean>`${promoted}`,
    owner: sql<Person | null>`(select json_build_object('id', o.id, 'name', ${displayNameSql('o')}, 'type', o.type)
      from ${users} o where o.id = ${sql.raw('"chat_rooms"."owner_id"')})`,
    // private rooms: the other person
    peer: sql<Person | null>`(select json_build_object('id', p.id, 'name', ${displayNameSql('p')}, 'type', p.type)
      from ${chatRoomMembers} pm join ${users} p on p.id = pm.user_id
      where pm.room_id = ${roomIdCol} and pm.user_id <> ${userId} and ${chatRooms.kind} = 'private' limit 1)`,
    // private rooms: the other person can still read and answer (not blocked, not gone from the school)
    peerActive: sql<boolean>`exists (select 1 from ${chatRoomMembers} pm join ${users} p on p.id = pm.user_id
      where pm.room_id = ${roomIdCol} and pm.user_id <> ${userId} and not p.blocked and p.deactivated_at is null)`,
    // open reports of the room's messages, counted for its moderators only (0 for others)
    reports: sql<number>`(case when ${moderator} then (select count(*) from ${chatReports} r
      join ${chatMessages} rm on rm.id = r.message_id
      where rm.room_id = ${roomIdCol} and rm.deleted_at is null and r.resolved_at is null) else 0 end)`.mapWith(
      Number,
    ),
    memberCount:
      sql<number>`(select count(*) from (select m.user_id from ${chatRoomMembers} m where m.room_id = ${roomIdCol}
      union select gm.user_id from ${chatRoomGroups} rg join ${groupMembers} gm on gm.group_id = rg.group_id
        where rg.room_id = ${roomIdCol}) everyone)`.mapWith(Number),
    lastMessageId: sql<
      number | null
    >`(select max(lm.id) from ${chatMessages} lm where lm.room_id = ${roomIdCol})`.mapWith((v) =>
      v === null ? null : Number(v),
    ),
    // others' messages after the newest the viewer has seen, not deleted; the (room_id, id) index serves it
    unread:
      sql<number>`(select count(*) from (select 1 from ${chatMessages} um where um.room_id = ${roomIdCol}
      and um.id > coalesce((select rd.message_id from ${chatReads} rd where rd.room_id = ${roomIdCol}
        and rd.user_id = ${userId}), 0)
      and um.deleted_at is null and um.sender_id is distinct from ${userId} limit ${UNREAD_CAP}) u)`.mapWith(
        Number,
      ),
  };
}

export type RoomRow = Awaited<ReturnType<typeof findRoom>> & {};

/** One room of the school with the viewer's part in it, or null (also for another school's). */
export async function findRoom(
  db: Db,
  schoolId: number,
  viewer: Viewer,
  roomId: number,
  opts: { forUpdate?: boolean } = {},
) {
  const query = db
    .select(roomColumns(viewer))
    .from(chatRooms)
    .where(and(eq(chatRooms.schoolId, schoolId), eq(chatRooms.id, roomId)));
  const [row] = await (opts.forUpdate ? query.for('update', { of: chatRooms }) : query);
  return row ?? null;
}

/** The viewer's rooms, the newest conversation first: one query with the counts, no query per room. */
export async function findRoomsOf(db: Db, schoolId: number, viewer: Viewer) {
  return db
    .select(roomColumns(viewer))
    .from(chatRooms)
    .where(and(eq(chatRooms.schoolId, schoolId), isMemberOf(viewer.id)))
    .orderBy(sql`coalesce(${chatRooms.lastMessageAt}, ${chatRooms.createdAt}) desc`, desc(chatRooms.id));
}

export interface NewRoom {
  schoolId: number;
  kind: 'group' | 'private';
  name: string | null;
  ownerId: number | null;
  privateKey: string | null;
  announcements: boolean;
  uploads: boolean;
  createdAt: Date;
}

export async function insertRoom(db: Db, room: NewRoom): Promise<number> {
  const [row] = await db.insert(chatRooms).values(room).returning({ id: chatRooms.id });
  return row!.id;
}

/** The private room of a pair, made if missing; a parallel call finds the one the other made. */
export async function findOrInsertPrivateRoom(
  db: Db,
  room: NewRoom & { privateKey: string },
  people: [number, number],
): Promise<{ id: number; created: boolean }> {
  const [made] = await db
    .insert(chatRooms)
    .values(room)
    .onConflictDoNothing({ target: [chatRooms.schoolId, chatRooms.privateKey] })
    .returning({ id: chatRooms.id });
  if (made) {
    await db
      .insert(chatRoomMembers)
      .values(people.map((userId) => ({ roomId: made.id, userId, createdAt: room.createdAt })));
    return { id: made.id, created: true };
  }
  const [found] = await db
    .select({ id: chatRooms.id })
    .from(chatRooms)
    .where(and(eq(chatRooms.schoolId, room.schoolId), eq(chatRooms.privateKey, room.privateKey)));
  return { id: found!.id, created: false };
}

/** The private room of a pair ("smallerId:largerId"), if it exists. */
export async function findPrivateRoomId(
  db: Db,
  schoolId: number,
  privateKey: string,
): Promise<number | null> {
  const [row] = await db
    .select({ id: chatRooms.id })
    .from(chatRooms)
    .where(and(eq(chatRooms.schoolId, schoolId), eq(chatRooms.privateKey, privateKey)));
  return row?.id ?? null;
}

export async function updateRoom(
  db: Db,
  schoolId: number,
  roomId: number,
  values: { name?: string; announcements?: boolean; uploads?: boolean },
): Promise<void> {
  if (Object.values(values).every((v) => v === undefined)) return;
  await db
    .update(chatRooms)
    .set(values)
    .where(and(eq(chatRooms.schoolId, schoolId), eq(chatRooms.id, roomId)));
}

export async function deleteRoomRow(db: Db, schoolId: number, roomId: number): Promise<void> {
  await db.delete(chatRooms).where(and(eq(chatRooms.schoolId, schoolId), eq(chatRooms.id, roomId)));
}

/** Members of the room with their names; viaGroup: no member row of their own. */
export async function findMembers(db: Db, roomId: number) {
  const everyone = sql`(select m.user_id from ${chatRoomMembers} m where m.room_id = ${roomId}
    union select gm.user_id from ${chatRoomGroups} rg join ${groupMembers} gm on gm.group_id = rg.group_id
      where rg.room_id = ${roomId})`;
  return db
    .select({
      id: users.id,
      name: sql<string>`${displayNameSql('"users"')}`,
      type: users.type,
      moderator: sql<boolean>`coalesce(${chatRoomMembers.moderator}, false)`,
      viaGroup: sql<boolean>`(${chatRoomMembers.userId} is null)`,
    })
    .from(users)
    .leftJoin(chatRoomMembers, and(eq(chatRoomMembers.roomId, roomId), eq(chatRoomMembers.userId, users.id)))
    .where(sql`${userIdCol} in ${everyone}`)
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
}

export async function findRoomGroups(db: Db, roomId: number) {
  return db
    .select({ id: groups.id, name: groups.name })
    .from(chatRoomGroups)
    .innerJoin(groups, eq(groups.id, chatRoomGroups.groupId))
    .where(eq(chatRoomGroups.roomId, roomId))
    .orderBy(asc(groups.name), asc(groups.id));
}

export async function findPersonMemberIds(db: Db, roomId: number): Promise<number[]> {
  const rows = await db
    .select({ id: chatRoomMembers.userId })
    .from(chatRoomMembers)
    .where(eq(chatRoomMembers.roomId, roomId));
  return rows.map((r) => r.id);
}

export async function addPersonMembers(
  db: Db,
  roomId: number,
  people: { userId: number; moderator: boolean }[],
  at: Date,
): Promise<void> {
  if (!people.length) return;
  await db
    .insert(chatRoomMembers)
    .values(people.map((p) => ({ roomId, userId: p.userId, moderator: p.moderator, createdAt: at })))
    .onConflictDoNothing();
}

export async function removePersonMembers(db: Db, roomId: number, userIds: number[]): Promise<void> {
  if (!userIds.length) return;
  await db
    .delete(chatRoomMembers)
    .where(and(eq(chatRoomMembers.roomId, roomId), inArray(chatRoomMembers.userId, userIds)));
}

export async function setModerator(db: Db, roomId: number, userId: number, moderator: boolean) {
  const rows = await db
    .update(chatRoomMembers)
    .set({ moderator })
    .where(and(eq(chatRoomMembers.roomId, roomId), eq(chatRoomMembers.userId, userId)))
    .returning({ userId: chatRoomMembers.userId });
  return rows.length > 0;
}

export async function addGroups(db: Db, roomId: number, groupIds: number[]): Promise<void> {
  if (!groupIds.length) return;
  await db
    .insert(chatRoomGroups)
    .values(groupIds.map((groupId) => ({ roomId, groupId })))
    .onConflictDoNothing();
}

export async function removeGroups(db: Db, roomId: number, groupIds: number[]): Promise<void> {
  if (!groupIds.length) return;
  await db
    .delete(chatRoomGroups)
    .where(and(eq(chatRoomGroups.roomId, roomId), inArray(chatRoomGroups.groupId, groupIds)));
}

// ---------------------------------------------------------------- users

/** Blocked or deactivated now (the service checks again at each send, decision 072). */
export async function isUserDisabled(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ off: sql<boolean>`(${users.blocked} or ${users.deactivatedAt} is not null)` })
    .from(users)
    .where(eq(users.id, userId));
  return row?.off ?? true;
}

/** A user of the school (not deactivated), by id. */
export async function findPerson(db: Db, schoolId: number, userId: number): Promise<Person | null> {
  const [row] = await db
    .select({ id: users.id, name: sql<string>`${displayNameSql('"users"')}`, type: users.type })
    .from(users)
    .where(and(eq(users.schoolId, schoolId), eq(users.id, userId), isNull(users.deactivatedAt)));
  return row ?? null;
}

/**
 * The data export's chat part (decision 072): every room the user is in now, as a person or through a group,
 * by id, kind and name (the member and group rows themselves are exported table by table).
 */
export async function findRoomsOfForExport(db: Db, userId: number) {
  return db
    .select({ id: chatRooms.id, kind: chatRooms.kind, name: chatRooms.name, created_at: chatRooms.createdAt })
    .from(chatRooms)
    .where(isMemberOf(userId))
    .orderBy(asc(chatRooms.id));
}
