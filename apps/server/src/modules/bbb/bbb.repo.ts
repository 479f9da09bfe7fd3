// SQL of the video rooms (decision 067): only this file writes bbb_rooms, bbb_room_members,
// bbb_room_groups and bbb_code_misses. It reads users, groups and group_members (owned by users and
// groups) to name people and to decide who is a member.
import { and, asc, eq, gte, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import {
  bbbCodeMisses,
  bbbRoomGroups,
  bbbRoomMembers,
  bbbRooms,
  groupMembers,
  groups,
  users,
} from '../../db/schema.ts';
import { displayNameSql } from '../users/person.repo.ts';
import { likePattern } from '../../db/like-pattern.ts';

/** Who looks: the caller's id and groups, and whether they are an admin (who sees and edits every room). */
export interface RoomViewer {
  userId: number;
  groupIds: readonly number[];
  admin: boolean;
}

const ids = (list: readonly number[]) => (list.length ? [...list] : [-1]);
// drizzle writes a column without its table inside a select list: subqueries name the outer table
const roomId = sql.raw('"bbb_rooms"."id"');
const roomOwner = sql.raw('"bbb_rooms"."owner_id"');

/** The caller is a member as a person or through one of their groups (the owner is not counted here). */
function sharedWith(v: RoomViewer): SQL {
  return sql`(exists (select 1 from ${bbbRoomMembers} m where m.room_id = ${roomId} and m.user_id = ${v.userId})
    or exists (select 1 from ${bbbRoomGroups} rg where rg.room_id = ${roomId} and ${inArray(sql.raw('rg.group_id'), ids(v.groupIds))}))`;
}

function roomColumns(v: RoomViewer) {
  return {
    id: bbbRooms.id,
    name: bbbRooms.name,
    code: bbbRooms.code,
    ownerId: bbbRooms.ownerId,
    meetingId: bbbRooms.meetingId,
    attendeePw: bbbRooms.attendeePw,
    moderatorPw: bbbRooms.moderatorPw,
    muteOnJoin: bbbRooms.muteOnJoin,
    guestPolicy: bbbRooms.guestPolicy,
    anyoneCanStart: bbbRooms.anyoneCanStart,
    maxParticipants: bbbRooms.maxParticipants,
    createdAt: bbbRooms.createdAt,
    owner: sql<{ id: number; name: string; type: string }>`(select json_build_object('id', o.id,
      'name', ${displayNameSql('o')}, 'type', o.type) from ${users} o where o.id = ${roomOwner})`,
    // hasRole(owner, 'teacher'): a teacher, an admin or a superadmin (only their rooms admit guests)
    ownerTeaches: sql<boolean>`coalesce((select o.type = 'L' or o.roles && array['admin', 'superadmin']::text[]
      from ${users} o where o.id = ${roomOwner}), false)`,
    groups: sql<{ id: number; name: string }[]>`coalesce((select json_agg(json_build_object('id', g.id,
      'name', g.name) order by g.name, g.id) from ${bbbRoomGroups} rg join ${groups} g on g.id = rg.group_id
      where rg.room_id = ${roomId}), '[]'::json)`,
    // owner, people and the members of the groups, each once
    memberCount: sql<number>`(select count(*) from (select ${roomOwner} as uid
      union select m.user_id from ${bbbRoomMembers} m where m.room_id = ${roomId}
      union select gm.user_id from ${bbbRoomGroups} rg join ${groupMembers} gm on gm.group_id = rg.group_id
        where rg.room_id = ${roomId}) everyone)`.mapWith(Number),
    isMember: sql<boolean>`(${roomOwner} = ${v.userId} or ${sharedWith(v)})`,
    isPromoted: sql<boolean>`exists (select 1 from ${bbbRoomMembers} m where m.room_id = ${roomId}
      and m.user_id = ${v.userId} and m.moderator)`,
  };
}

export type RoomRow = Awaited<ReturnType<typeof findRoom>> & {};

export interface RoomFilter {
  q?: string;
  roomType: 'all' | 'own' | 'shared';
  /** every room of the school (admins), not only the caller's own and shared ones */
  showAll: boolean;
}

function listConditions(schoolId: number, v: RoomViewer, f: RoomFilter): SQL[] {
  const where: SQL[] = [eq(bbbRooms.schoolId, schoolId)];
  if (f.roomType === 'own') where.push(eq(bbbRooms.ownerId, v.userId));
  else if (f.roomType === 'shared') where.push(ne(bbbRooms.ownerId, v.userId), sharedWith(v));
  else if (!f.showAll) where.push(sql`(${bbbRooms.ownerId} = ${v.userId} or ${sharedWith(v)})`);
  if (f.q) where.push(sql`${bbbRooms.name} ilike ${likePattern(f.q)}`);
  return where;
}

/** GET /api/bbb: a page of the rooms the filter finds, by name. */
export async function findRoomPage(
  db: Db,
  schoolId: number,
  v: RoomViewer,
  f: RoomFilter,
  page: number,
  perPage: number,
) {
  const where = and(...listConditions(schoolId, v, f));
  // the page and the total apart: only the page's rooms get their owner, groups and member count
  const [rows, [count]] = await Promise.all([
    db
      .select(roomColumns(v))
      .from(bbbRooms)
      .where(where)
      .orderBy(asc(bbbRooms.name), asc(bbbRooms.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(bbbRooms)
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/**
 * One room of the school with the viewer's part in it, or null (also for another school's). forUpdate: the
 * row locked until the transaction ends (a change reads and writes it under the lock).
 */
export async function findRoom(
  db: Db,
  schoolId: number,
  v: RoomViewer,
  id: number,
  opts: { forUpdate?: boolean } = {},
) {
  const query = db
    .select(roomColumns(v))
    .from(bbbRooms)
    .where(and(eq(bbbRooms.schoolId, schoolId), eq(bbbRooms.id, id)))
    .limit(1);
  const [row] = await (opts.forUpdate ? query.for('update') : query);
  return row ?? null;
}

/** The room with this code in the school, or null. */
export async function findRoomByCode(db: Db, schoolId: number, v: RoomViewer, code: string) {
  const [row] = await db
    .select(roomColumns(v))
    .from(bbbRooms)
    .where(and(eq(bbbRooms.schoolId, schoolId), eq(bbbRooms.code, code)))
    .limit(1);
  return row ?? null;
}

/** The people added one by one, with their moderator flag, by name. */
export async function findPersonMembers(db: Db, id: number) {
  return db
    .select({
      id: users.id,
      name: sql<string>`${displayNameSql('"users"')}`,
      type: users.type,
      moderator: bbbRoomMembers.moderator,
    })
    .from(bbbRoomMembers)
    .innerJoin(users, eq(users.id, bbbRoomMembers.userId))
    .where(eq(bbbRoomMembers.roomId, id))
    .orderBy(users.lastName, users.firstName, users.id);
}

export async function findGroupIds(db: Db, id: number): Promise<number[]> {
  const rows = await db
    .select({ groupId: bbbRoomGroups.groupId })
    .from(bbbRoomGroups)
    .where(eq(bbbRoomGroups.roomId, id));
  return rows.map((r) => r.groupId);
}

export interface NewRoom {
  schoolId: number;
  ownerId: number;
  name: string;
  code: string;
  meetingId: string;
  attendeePw: string;
  moderatorPw: string;
  muteOnJoin: boolean;
  guestPolicy: string;
  anyoneCanStart: boolean;
  maxParticipants: number | null;
  createdAt: Date;
}

export async function insertRoom(db: Db, room: NewRoom): Promise<number> {
  const [row] = await db
    .insert(bbbRooms)
    .values({ ...room, updatedAt: room.createdAt })
    .returning({ id: bbbRooms.id });
  return row!.id;
}

export async function updateRoom(
  db: Db,
  schoolId: number,
  id: number,
  set: Partial<
    Pick<NewRoom, 'name' | 'code' | 'muteOnJoin' | 'guestPolicy' | 'anyoneCanStart' | 'maxParticipants'>
  > & { updatedAt: Date },
): Promise<void> {
  await db
    .update(bbbRooms)
    .set(set)
    .where(and(eq(bbbRooms.schoolId, schoolId), eq(bbbRooms.id, id)));
}

/** The room's people, replaced: each with their moderator flag. */
export async function replacePersonMembers(
  db: Db,
  id: number,
  members: { userId: number; moderator: boolean }[],
): Promise<void> {
  await db.delete(bbbRoomMembers).where(eq(bbbRoomMembers.roomId, id));
  if (members.length) await db.insert(bbbRoomMembers).values(members.map((m) => ({ roomId: id, ...m })));
}

export async function replaceGroups(db: Db, id: number, groupIds: number[]): Promise<void> {
  await db.delete(bbbRoomGroups).where(eq(bbbRoomGroups.roomId, id));
  if (groupIds.length)
    await db.insert(bbbRoomGroups).values(groupIds.map((groupId) => ({ roomId: id, groupId })));
}

/** Promotes or revokes one person member (spec 4.6); false when they are not a person member. */
export async function setModerator(db: Db, id: number, userId: number, moderator: boolean): Promise<boolean> {
  const rows = await db
    .update(bbbRoomMembers)
    .set({ moderator })
    .where(and(eq(bbbRoomMembers.roomId, id), eq(bbbRoomMembers.userId, userId)))
    .returning({ userId: bbbRoomMembers.userId });
  return rows.length > 0;
}

export async function deleteRoom(db: Db, schoolId: number, id: number): Promise<void> {
  await db.delete(bbbRooms).where(and(eq(bbbRooms.schoolId, schoolId), eq(bbbRooms.id, id)));
}

/** Whose misses count: a signed-in caller's by user id, a visitor's by address (bbb-address.ts). */
export type MissKey = { userId: number } | { ip: string };

export const missKeyName = (key: MissKey) => ('userId' in key ? `user:${key.userId}` : `ip:${key.ip}`);

const missesOf = (key: MissKey) =>
  'userId' in key ? eq(bbbCodeMisses.userId, key.userId) : eq(bbbCodeMisses.ip, key.ip);

// pg_advisory_xact_lock's first key for code misses ("bbb"); cim's import lock uses its own
const CODE_MISS_LOCK = 0x62_6262;

/**
 * Holds the caller's misses until the transaction ends: a parallel lookup by the same caller waits, so
 * counting and recording cannot overshoot the limit.
 */
export async function lockCodeMisses(tx: Db, key: MissKey): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CODE_MISS_LOCK}::int, hashtext(${missKeyName(key)}))`);
}

/** Records a code lookup that found nothing. */
export async function recordCodeMiss(db: Db, schoolId: number, key: MissKey, at: Date) {
  await db.insert(bbbCodeMisses).values({ schoolId, ...key, at });
}

/** A caller's code misses since `since`, and the oldest of them (when the window frees up). */
export async function countCodeMisses(db: Db, key: MissKey, since: Date) {
  const [row] = await db
    .select({
      n: sql<number>`count(*)`.mapWith(Number),
      oldest: sql<string | null>`min(${bbbCodeMisses.at})`,
    })
    .from(bbbCodeMisses)
    .where(and(missesOf(key), gte(bbbCodeMisses.at, since)));
  return { n: row?.n ?? 0, oldest: row?.oldest ?? null };
}

/** Forgets the school's misses older than `before` (the clean-up job); returns how many went. */
export async function deleteCodeMissesBefore(db: Db, schoolId: number, before: Date): Promise<number> {
  const rows = await db
    .delete(bbbCodeMisses)
    .where(and(eq(bbbCodeMisses.schoolId, schoolId), lt(bbbCodeMisses.at, before)))
    .returning({ id: bbbCodeMisses.id });
  return rows.length;
}
