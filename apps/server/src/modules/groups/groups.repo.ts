import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { groupMembers, groups } from '../../db/schema.ts';

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
