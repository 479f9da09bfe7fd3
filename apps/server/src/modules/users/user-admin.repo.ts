import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { groupMembers, users } from '../../db/schema.ts';

/** A user of the school with what the admin rules need: type, stored roles and groups. */
export async function findManagedUser(db: Db, schoolId: number, userId: number) {
  const [row] = await db
    .select({ id: users.id, username: users.username, type: users.type, roles: users.roles })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.schoolId, schoolId)))
    .limit(1);
  if (!row) return null;
  const groups = await db
    .select({ groupId: groupMembers.groupId })
    .from(groupMembers)
    .where(eq(groupMembers.userId, userId));
  return { ...row, groupIds: groups.map((g) => g.groupId) };
}

export async function setUserBlocked(
  db: Db,
  schoolId: number,
  userId: number,
  blocked: boolean,
): Promise<void> {
  await db
    .update(users)
    .set({ blocked })
    .where(and(eq(users.id, userId), eq(users.schoolId, schoolId)));
}
