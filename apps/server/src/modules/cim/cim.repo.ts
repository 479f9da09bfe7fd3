import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { groupMembers, groups, users } from '../../db/schema.ts';

// one import per school at a time: the second waits for the first to commit, then plans afresh
const IMPORT_LOCK = 0x6369_6d; // "cim"

export async function lockImport(tx: Db, schoolId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK}::int, ${schoolId}::int)`);
}

/** Users an import created (they carry the directory's key), active or deactivated. */
export async function findImportedUsers(db: Db, schoolId: number) {
  return db
    .select({
      id: users.id,
      externalId: users.externalId,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      type: users.type,
      roles: users.roles,
      deactivatedAt: users.deactivatedAt,
    })
    .from(users)
    .where(and(eq(users.schoolId, schoolId), isNotNull(users.externalId)));
}

export async function findUsernames(db: Db, schoolId: number): Promise<string[]> {
  const rows = await db
    .select({ username: sql<string>`lower(${users.username})` })
    .from(users)
    .where(eq(users.schoolId, schoolId));
  return rows.map((r) => r.username);
}

export async function findSchoolGroups(db: Db, schoolId: number) {
  return db
    .select({ id: groups.id, name: groups.name, type: groups.type })
    .from(groups)
    .where(eq(groups.schoolId, schoolId));
}

/** Group memberships of imported users. */
export async function findImportedMemberships(db: Db, schoolId: number) {
  return db
    .select({ userId: groupMembers.userId, groupId: groupMembers.groupId })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(and(eq(groupMembers.schoolId, schoolId), isNotNull(users.externalId)));
}
