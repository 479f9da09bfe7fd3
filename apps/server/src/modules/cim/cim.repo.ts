import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { groupMembers, groups, users } from '../../db/schema.ts';

// one import per school at a time: the second waits for the first to commit, then plans afresh
const IMPORT_LOCK = 0x6369_6d; // "cim"
const CHUNK = 1000;

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

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

export async function insertClassGroups(tx: Db, schoolId: number, names: readonly string[]) {
  if (names.length === 0) return [];
  return tx
    .insert(groups)
    .values(names.map((name) => ({ schoolId, name, type: 'class' as const })))
    .returning({ id: groups.id, name: groups.name });
}

export interface NewImportedUser {
  laraId: string;
  externalId: string;
  username: string;
  firstName: string;
  lastName: string;
  email: string | null;
  type: 'L' | 'S';
  roles: string[];
}

/** New users without a password: they set one with a reset code or get one from an admin. */
export async function insertImportedUsers(tx: Db, schoolId: number, rows: readonly NewImportedUser[]) {
  const created: { id: number; externalId: string | null }[] = [];
  for (const chunk of chunks(rows)) {
    created.push(
      ...(await tx
        .insert(users)
        .values(chunk.map((u) => ({ schoolId, ...u })))
        .returning({ id: users.id, externalId: users.externalId })),
    );
  }
  return created;
}

export interface ImportedUserUpdate {
  id: number;
  firstName: string;
  lastName: string;
  email: string | null;
  type: 'L' | 'S';
  addAdmin: boolean;
  reactivate: boolean;
}

/** All changed users in one statement per chunk (no round trip per row). */
export async function updateImportedUsers(tx: Db, schoolId: number, rows: readonly ImportedUserUpdate[]) {
  for (const chunk of chunks(rows)) {
    await tx.execute(sql`
      update users u set
        first_name = v."firstName",
        last_name = v."lastName",
        email = v.email,
        type = v.type,
        roles = case when v."addAdmin" and not ('admin' = any(u.roles)) then array_append(u.roles, 'admin')
                else u.roles end,
        deactivated_at = case when v.reactivate then null else u.deactivated_at end
      from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb)
        as v(id int, "firstName" text, "lastName" text, email text, type text, "addAdmin" boolean, reactivate boolean)
      where u.id = v.id and u.school_id = ${schoolId}`);
  }
}

export async function deactivateUsers(tx: Db, schoolId: number, ids: readonly number[], now: Date) {
  for (const chunk of chunks(ids)) {
    await tx
      .update(users)
      .set({ deactivatedAt: now })
      .where(and(eq(users.schoolId, schoolId), inArray(users.id, chunk)));
  }
}

export async function addMemberships(
  tx: Db,
  schoolId: number,
  rows: readonly { userId: number; groupId: number }[],
) {
  for (const chunk of chunks(rows)) {
    await tx
      .insert(groupMembers)
      .values(chunk.map((r) => ({ schoolId, ...r })))
      .onConflictDoNothing();
  }
}

export async function removeMemberships(
  tx: Db,
  schoolId: number,
  rows: readonly { userId: number; groupId: number }[],
) {
  for (const chunk of chunks(rows)) {
    await tx.execute(sql`
      delete from group_members gm
      using jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as v("userId" int, "groupId" int)
      where gm.user_id = v."userId" and gm.group_id = v."groupId" and gm.school_id = ${schoolId}`);
  }
}
