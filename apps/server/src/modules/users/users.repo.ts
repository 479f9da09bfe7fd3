import { eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { groupMembers, groups, users } from '../../db/schema.ts';

export async function findUserById(db: Db, userId: number) {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

export async function findGroupsOfUser(db: Db, userId: number) {
  return db
    .select({ id: groups.id, name: groups.name })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(eq(groupMembers.userId, userId))
    .orderBy(groups.name);
}
