import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { groupMembers, groups, users } from '../../db/schema.ts';

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
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      type: users.type,
    })
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
