import { and, asc, count, desc, eq, gt, inArray, isNull, lt, min, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { resetCodes, resetRequests, users } from '../../db/schema.ts';

const accountColumns = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  secondaryEmail: users.secondaryEmail,
  // deactivated by the identity import: treated as blocked (no reset codes, no sign-in)
  blocked: sql<boolean>`(${users.blocked} or ${users.deactivatedAt} is not null)`,
  selectedLang: users.selectedLang,
};

export async function findAccountById(db: Db, schoolId: number, userId: number) {
  const [row] = await db
    .select({ ...accountColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.schoolId, schoolId)))
    .limit(1);
  return row ?? null;
}

/** The accounts a reset request names: by user name, or by the primary or secondary address (case-insensitive). */
export async function findAccountsByNameOrEmail(db: Db, schoolId: number, key: string) {
  return db
    .select(accountColumns)
    .from(users)
    .where(
      and(
        eq(users.schoolId, schoolId),
        or(
          eq(sql`lower(${users.username})`, key),
          eq(sql`lower(${users.email})`, key),
          eq(sql`lower(${users.secondaryEmail})`, key),
        ),
      ),
    )
    .orderBy(asc(users.id));
}

export async function insertResetRequest(db: Db, row: typeof resetRequests.$inferInsert): Promise<number> {
  const [inserted] = await db.insert(resetRequests).values(row).returning({ id: resetRequests.id });
  return inserted!.id;
}

export async function deleteResetRequest(db: Db, id: number): Promise<void> {
  await db.delete(resetRequests).where(eq(resetRequests.id, id));
}

/** The requests for one account key since a time, and the oldest of them (when the window frees up). */
export async function countResetRequests(db: Db, schoolId: number, accountKey: string, since: Date) {
  const [row] = await db
    .select({ n: count(), oldest: min(resetRequests.at) })
    .from(resetRequests)
    .where(
      and(
        eq(resetRequests.schoolId, schoolId),
        eq(resetRequests.accountKey, accountKey),
        gt(resetRequests.at, since),
      ),
    );
  return { n: row?.n ?? 0, oldest: row?.oldest ?? null };
}

/** Requests from one address (all names) since a time: the per-address limit. */
export async function countResetRequestsOfIp(db: Db, ip: string, since: Date) {
  const [row] = await db
    .select({ n: count(), oldest: min(resetRequests.at) })
    .from(resetRequests)
    .where(and(eq(resetRequests.ip, ip), gt(resetRequests.at, since)));
  return { n: row?.n ?? 0, oldest: row?.oldest ?? null };
}

/** Requests older than the window count for nothing any more. */
export async function deleteResetRequestsBefore(
  db: Db,
  schoolId: number,
  accountKey: string,
  before: Date,
): Promise<void> {
  await db
    .delete(resetRequests)
    .where(
      and(
        eq(resetRequests.schoolId, schoolId),
        eq(resetRequests.accountKey, accountKey),
        lt(resetRequests.at, before),
      ),
    );
}

/** A new code makes the older unused ones of that user worthless. */
export async function invalidateResetCodes(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .update(resetCodes)
    .set({ usedAt: now })
    .where(and(eq(resetCodes.userId, userId), isNull(resetCodes.usedAt)));
}

export async function insertResetCode(db: Db, row: typeof resetCodes.$inferInsert): Promise<number> {
  const [inserted] = await db.insert(resetCodes).values(row).returning({ id: resetCodes.id });
  return inserted!.id;
}

/** The unused codes of these users, newest first. */
export async function findOpenResetCodes(db: Db, schoolId: number, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db
    .select()
    .from(resetCodes)
    .where(
      and(eq(resetCodes.schoolId, schoolId), inArray(resetCodes.userId, userIds), isNull(resetCodes.usedAt)),
    )
    .orderBy(desc(resetCodes.id));
}

/** Counts one wrong try in one statement, so concurrent tries cannot get past the limit. */
export async function addResetCodeAttempt(db: Db, codeId: number): Promise<number> {
  const [row] = await db
    .update(resetCodes)
    .set({ attempts: sql`${resetCodes.attempts} + 1` })
    .where(eq(resetCodes.id, codeId))
    .returning({ attempts: resetCodes.attempts });
  return row?.attempts ?? Number.MAX_SAFE_INTEGER;
}

/** Marks a code used; false when another request used it first (single use). */
export async function consumeResetCode(db: Db, codeId: number, maxAttempts: number, now: Date) {
  const rows = await db
    .update(resetCodes)
    .set({ usedAt: now })
    .where(and(eq(resetCodes.id, codeId), isNull(resetCodes.usedAt), lt(resetCodes.attempts, maxAttempts)))
    .returning({ id: resetCodes.id });
  return rows.length === 1;
}
