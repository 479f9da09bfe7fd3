// Whom a caller reaches (decisions 067, 072): the one query behind the video rooms' and the chat's people
// pickers and their reach checks. Owned by the users module; bbb and chat call it through users.service.ts.
// Whom a caller meets (decision 077): the names POST /api/nameinfo may give, read from the groups, video rooms
// and chat rooms the caller is in.
import { and, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import {
  bbbRoomGroups,
  bbbRoomMembers,
  bbbRooms,
  chatRoomGroups,
  chatRoomMembers,
  chatRooms,
  groupMembers,
  users,
} from '../../db/schema.ts';
import { displayNameSql, nameMatches, personColumns } from './person.repo.ts';
import { likePattern } from '../../db/like-pattern.ts';

/**
 * Whom a caller reaches. `all`: everyone of the school. `staff-and-groups`: every teacher and admin, and the
 * people who share a group with the caller. `groups`: the people who share a group with the caller, only
 * teachers and admins among them when `staffOnly`. `none`: nobody.
 */
export type PeopleReach =
  | { kind: 'all' }
  | { kind: 'none' }
  | { kind: 'staff-and-groups'; groupIds: readonly number[] }
  | { kind: 'groups'; groupIds: readonly number[]; staffOnly: boolean };

/** A person as the pickers show them: id, display name and user type. */
export interface ReachPerson {
  id: number;
  name: string;
  type: string;
}

export interface PeopleReachOptions {
  /** matches first name, last name, user name or "first last" (case-insensitive, as typed) */
  q?: string;
  /** only these ids (those of them in reach) */
  only?: number[];
  excludeId?: number;
  /** leave out deactivated users (the chat does; the video rooms do not) */
  activeOnly?: boolean;
  limit: number;
}

const ids = (list: readonly number[]) => (list.length ? [...list] : [-1]);
// drizzle writes a column without its table inside a select list: subqueries name the outer table
const userIdCol = sql.raw('"users"."id"');

const sharesGroup = (groupIds: readonly number[]) =>
  sql`exists (select 1 from ${groupMembers} gm where gm.user_id = ${userIdCol} and ${inArray(sql.raw('gm.group_id'), ids(groupIds))})`;
const isStaff = sql`(${users.type} = 'L' or ${users.roles} && array['admin', 'superadmin']::text[])`;

function peopleInReach(reach: PeopleReach): SQL {
  switch (reach.kind) {
    case 'all':
      return sql`true`;
    case 'none':
      return sql`false`;
    case 'staff-and-groups':
      return sql`(${isStaff} or ${sharesGroup(reach.groupIds)})`;
    case 'groups':
      return reach.staffOnly
        ? sql`(${isStaff} and ${sharesGroup(reach.groupIds)})`
        : sharesGroup(reach.groupIds);
  }
}

/** The people in reach matching q (by name or user name), or those of `only` that are in reach. */
export async function findPeopleInReach(
  db: Db,
  schoolId: number,
  reach: PeopleReach,
  opts: PeopleReachOptions,
): Promise<ReachPerson[]> {
  const where: SQL[] = [eq(users.schoolId, schoolId)];
  if (opts.activeOnly) where.push(isNull(users.deactivatedAt));
  where.push(peopleInReach(reach));
  if (opts.excludeId !== undefined) where.push(ne(users.id, opts.excludeId));
  if (opts.only) where.push(inArray(users.id, ids(opts.only)));
  if (opts.q) {
    const p = likePattern(opts.q);
    where.push(nameMatches(p));
  }
  return db
    .select({ id: users.id, name: sql<string>`${displayNameSql('"users"')}`, type: users.type })
    .from(users)
    .where(and(...where))
    .orderBy(users.lastName, users.firstName, users.id)
    .limit(opts.limit);
}

/** A name as POST /api/nameinfo gives it. */
export interface MetPerson {
  id: number;
  laraId: string;
  firstName: string;
  lastName: string;
  username: string;
  type: 'L' | 'S';
}

/**
 * The people a caller meets (decision 077): themself, the members of their groups (their teachers among them),
 * and everyone in a video room or chat room they are in (members, members through a group, the owner),
 * private chats included. One query; `u` is the user looked up.
 */
function meets(callerId: number): SQL {
  const u = userIdCol;
  const myGroups = sql`(select g.group_id from ${groupMembers} g where g.user_id = ${callerId})`;
  const myChatRooms = sql`(select cm.room_id from ${chatRoomMembers} cm where cm.user_id = ${callerId}
    union select cg.room_id from ${chatRoomGroups} cg where cg.group_id in ${myGroups})`;
  const myVideoRooms = sql`(select bm.room_id from ${bbbRoomMembers} bm where bm.user_id = ${callerId}
    union select bg.room_id from ${bbbRoomGroups} bg where bg.group_id in ${myGroups}
    union select br.id from ${bbbRooms} br where br.owner_id = ${callerId})`;
  const inRooms = (members: SQL, groupsOf: SQL, rooms: SQL, mine: SQL) => sql`(
    exists (select 1 from ${members} m where m.user_id = ${u} and m.room_id in ${mine})
    or exists (select 1 from ${groupsOf} rg join ${groupMembers} gm on gm.group_id = rg.group_id
      where gm.user_id = ${u} and rg.room_id in ${mine})
    or exists (select 1 from ${rooms} r where r.owner_id = ${u} and r.id in ${mine}))`;
  return sql`(${u} = ${callerId}
    or exists (select 1 from ${groupMembers} gm where gm.user_id = ${u} and gm.group_id in ${myGroups})
    or ${inRooms(sql`${chatRoomMembers}`, sql`${chatRoomGroups}`, sql`${chatRooms}`, myChatRooms)}
    or ${inRooms(sql`${bbbRoomMembers}`, sql`${bbbRoomGroups}`, sql`${bbbRooms}`, myVideoRooms)})`;
}

/**
 * The names of those of `ids` in the caller's school whom the caller may name (decision 077): staff (teachers
 * and above) everyone of the school, anyone else the people they meet. The others are left out, as unknown ids
 * are, so the answer does not tell whether an id exists. One query, ordered by id.
 */
export async function findNamesMet(
  db: Db,
  schoolId: number,
  caller: { id: number; staff: boolean },
  ids: readonly number[],
): Promise<MetPerson[]> {
  const where: SQL[] = [eq(users.schoolId, schoolId), inArray(users.id, [...ids])];
  if (!caller.staff) where.push(meets(caller.id));
  return db
    .select(personColumns)
    .from(users)
    .where(and(...where))
    .orderBy(users.id);
}
