import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { chunks } from '../../db/chunks.ts';
import type { Db } from '../../db/index.ts';
import { groupMembers, groups, users } from '../../db/schema.ts';
import { personColumns, personNameColumns } from '../users/person.repo.ts';
import { likePattern } from '../../db/like-pattern.ts';

export async function listGroups(db: Db, schoolId: number, filter: { type?: string; userId?: number }) {
  const where: SQL[] = [eq(groups.schoolId, schoolId)];
  if (filter.type) where.push(eq(groups.type, filter.type as 'class'));
  if (filter.userId !== undefined) {
    const member = db
      .select({ id: groupMembers.groupId })
      .from(groupMembers)
      .where(eq(groupMembers.userId, filter.userId));
    where.push(inArray(groups.id, member));
  }
  return db
    .select({ id: groups.id, name: groups.name, type: groups.type })
    .from(groups)
    .where(and(...where))
    .orderBy(groups.name);
}

export async function findGroup(db: Db, schoolId: number, groupId: number) {
  const [row] = await db
    .select({ id: groups.id, name: groups.name, type: groups.type })
    .from(groups)
    .where(and(eq(groups.id, groupId), eq(groups.schoolId, schoolId)))
    .limit(1);
  return row ?? null;
}

export async function isGroupMember(db: Db, groupId: number, userId: number): Promise<boolean> {
  const rows = await db
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)))
    .limit(1);
  return rows.length > 0;
}

/** The members of a group, teachers first, then by last and first name. */
export async function listGroupMembers(db: Db, schoolId: number, groupId: number) {
  return db
    .select({ id: users.id, ...personNameColumns, type: users.type })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.schoolId, schoolId)))
    .orderBy(users.type, users.lastName, users.firstName, users.id);
}

export async function findGroupByNameCaseless(db: Db, schoolId: number, name: string) {
  const [row] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.schoolId, schoolId), sql`lower(${groups.name}) = lower(${name})`))
    .limit(1);
  return row ?? null;
}

/** The new group's id, or null when the name was taken meanwhile (unique per school). */
export async function insertGroup(
  db: Db,
  schoolId: number,
  group: { name: string; type: 'class' | 'course' | 'staff' | 'other' },
): Promise<number | null> {
  const [row] = await db
    .insert(groups)
    .values({ schoolId, ...group })
    .onConflictDoNothing()
    .returning({ id: groups.id });
  return row?.id ?? null;
}

export async function insertClassGroups(tx: Db, schoolId: number, names: readonly string[]) {
  if (names.length === 0) return [];
  return tx
    .insert(groups)
    .values(names.map((name) => ({ schoolId, name, type: 'class' as const })))
    .returning({ id: groups.id, name: groups.name });
}

type Membership = { userId: number; groupId: number };
const membershipCols = { userId: groupMembers.userId, groupId: groupMembers.groupId };

/** Adds memberships, keeping those that exist; returns those it added. */
export async function addMemberships(
  tx: Db,
  schoolId: number,
  rows: readonly Membership[],
): Promise<Membership[]> {
  const added: Membership[] = [];
  for (const chunk of chunks(rows)) {
    added.push(
      ...(await tx
        .insert(groupMembers)
        .values(chunk.map((r) => ({ schoolId, ...r })))
        .onConflictDoNothing()
        .returning(membershipCols)),
    );
  }
  return added;
}

/** Removes these memberships; returns those that existed. */
export async function removeMemberships(
  tx: Db,
  schoolId: number,
  rows: readonly Membership[],
): Promise<Membership[]> {
  const removed: Membership[] = [];
  for (const chunk of chunks(rows)) {
    const result = await tx.execute<Membership>(sql`
      delete from group_members gm
      using jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as v("userId" int, "groupId" int)
      where gm.user_id = v."userId" and gm.group_id = v."groupId" and gm.school_id = ${schoolId}
      returning gm.user_id as "userId", gm.group_id as "groupId"`);
    removed.push(...result.rows);
  }
  return removed;
}

/** Returns the memberships it added. */
export async function addMembershipsIfMissing(
  db: Db,
  schoolId: number,
  userId: number,
  groupIds: readonly number[],
): Promise<Membership[]> {
  if (groupIds.length === 0) return [];
  return db
    .insert(groupMembers)
    .values(groupIds.map((groupId) => ({ schoolId, userId, groupId })))
    .onConflictDoNothing()
    .returning(membershipCols);
}

/** Returns the memberships it removed and added (those kept are in neither). */
export async function replaceUserGroups(
  db: Db,
  schoolId: number,
  userId: number,
  groupIds: readonly number[],
): Promise<{ removed: Membership[]; added: Membership[] }> {
  const before = await db
    .delete(groupMembers)
    .where(eq(groupMembers.userId, userId))
    .returning(membershipCols);
  if (groupIds.length)
    await db.insert(groupMembers).values(groupIds.map((groupId) => ({ schoolId, groupId, userId })));
  const had = new Set(before.map((m) => m.groupId));
  const wanted = new Set(groupIds);
  return {
    removed: before.filter((m) => !wanted.has(m.groupId)),
    added: [...wanted].filter((g) => !had.has(g)).map((groupId) => ({ userId, groupId })),
  };
}

/**
 * The pupils (type S) who share a group with `teacherId` (camera, decision 063), without deactivated
 * accounts, by last and first name.
 */
export async function listPupilsOfTeacher(db: Db, schoolId: number, teacherId: number) {
  const own = db
    .select({ groupId: groupMembers.groupId })
    .from(groupMembers)
    .where(and(eq(groupMembers.userId, teacherId), eq(groupMembers.schoolId, schoolId)));
  const pupilIds = db
    .selectDistinct({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(and(inArray(groupMembers.groupId, own), eq(groupMembers.schoolId, schoolId)));
  return db
    .select(personColumns)
    .from(users)
    .where(
      and(
        eq(users.schoolId, schoolId),
        eq(users.type, 'S'),
        inArray(users.id, pupilIds),
        sql`${users.deactivatedAt} is null`,
      ),
    )
    .orderBy(users.lastName, users.firstName, users.id);
}

/** Whether the two users are members of one group. */
export async function shareAGroup(db: Db, schoolId: number, a: number, b: number): Promise<boolean> {
  const rows = await db.execute<{ one: number }>(sql`
    select 1 as one from group_members x join group_members y on y.group_id = x.group_id
    where x.user_id = ${a} and y.user_id = ${b} and x.school_id = ${schoolId} and y.school_id = ${schoolId}
    limit 1`);
  return rows.rows.length > 0;
}

/** Which groups a caller reaches (decisions 067, 072): `all` any group of the school, else only `own`. */
export interface GroupReach {
  all: boolean;
  own: readonly number[];
}

const ids = (list: readonly number[]) => (list.length ? [...list] : [-1]);

/** Groups of the school in reach, matching q (by name) or among `only`: the bbb and chat pickers' query. */
export async function findGroupsInReach(
  db: Db,
  schoolId: number,
  reach: GroupReach,
  opts: { q?: string; only?: number[]; limit: number },
) {
  const where: SQL[] = [eq(groups.schoolId, schoolId)];
  if (!reach.all) where.push(inArray(groups.id, ids(reach.own)));
  if (opts.only) where.push(inArray(groups.id, ids(opts.only)));
  if (opts.q) where.push(sql`${groups.name} ilike ${likePattern(opts.q)}`);
  return db
    .select({ id: groups.id, name: groups.name })
    .from(groups)
    .where(and(...where))
    .orderBy(groups.name, groups.id)
    .limit(opts.limit);
}

/** The ids among `ids` that are groups of the school. */
export async function findSchoolGroupIds(
  db: Db,
  schoolId: number,
  ids: readonly number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.schoolId, schoolId), inArray(groups.id, [...ids])));
  return rows.map((r) => r.id);
}
