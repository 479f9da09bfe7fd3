import { and, count, desc, eq, gt, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { loginFailures, loginLocks } from '../../db/schema.ts';

/**
 * The time of the n-th newest failure matching the filter after `since`, or null when there are fewer:
 * the limit is reached while it exists, and lifts when it ages out of the window.
 */
async function nthNewestFailure(db: Db, where: ReturnType<typeof and>, n: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: loginFailures.at })
    .from(loginFailures)
    .where(where)
    .orderBy(desc(loginFailures.at))
    .offset(n - 1)
    .limit(1);
  return row?.at ?? null;
}

/** The failures of one address (all schools) since a time: the flood rule. Attempts in flight are no failures. */
export function nthNewestFailureOfIp(db: Db, ip: string, since: Date, n: number): Promise<Date | null> {
  return nthNewestFailure(
    db,
    and(eq(loginFailures.ip, ip), gt(loginFailures.at, since), eq(loginFailures.pending, false)),
    n,
  );
}

/** The failures of one (account, address) pair since a time. */
export function nthNewestFailureOfPair(
  db: Db,
  schoolId: number,
  accountKey: string,
  ip: string,
  since: Date,
  n: number,
): Promise<Date | null> {
  return nthNewestFailure(
    db,
    and(
      eq(loginFailures.schoolId, schoolId),
      eq(loginFailures.accountKey, accountKey),
      gt(loginFailures.at, since),
      eq(loginFailures.ip, ip),
    ),
    n,
  );
}

export async function findLoginLock(db: Db, schoolId: number, accountKey: string): Promise<Date | null> {
  const [row] = await db
    .select({ lockedUntil: loginLocks.lockedUntil })
    .from(loginLocks)
    .where(and(eq(loginLocks.schoolId, schoolId), eq(loginLocks.accountKey, accountKey)))
    .limit(1);
  return row?.lockedUntil ?? null;
}

/** Reserves an attempt (pending) before its password is checked; its id orders concurrent attempts. */
export async function insertLoginAttempt(
  db: Db,
  values: { schoolId: number; accountKey: string; ip: string; at: Date },
): Promise<number> {
  const [row] = await db
    .insert(loginFailures)
    .values({ ...values, pending: true })
    .returning({ id: loginFailures.id });
  return row!.id;
}

export async function deleteLoginAttempt(db: Db, attemptId: number): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.id, attemptId));
}

/** The attempt's password was wrong: it is a plain failure from now on. */
export async function settleLoginFailure(db: Db, attemptId: number): Promise<void> {
  await db.update(loginFailures).set({ pending: false }).where(eq(loginFailures.id, attemptId));
}

/**
 * An account's rows since a time, and how many came from one address: `upTo` an attempt counts the
 * attempts in flight before it too (the reservation); without it only settled failures count (the lock).
 */
export async function countAccountFailures(
  db: Db,
  schoolId: number,
  accountKey: string,
  ip: string,
  since: Date,
  upTo?: number,
): Promise<{ account: number; pair: number }> {
  const [row] = await db
    .select({
      account: count(),
      pair: sql<number>`count(*) filter (where ${loginFailures.ip} = ${ip})`.mapWith(Number),
    })
    .from(loginFailures)
    .where(
      and(
        eq(loginFailures.schoolId, schoolId),
        eq(loginFailures.accountKey, accountKey),
        gt(loginFailures.at, since),
        upTo === undefined ? eq(loginFailures.pending, false) : lte(loginFailures.id, upTo),
      ),
    );
  return { account: row?.account ?? 0, pair: row?.pair ?? 0 };
}

/** Starts a lock unless one is running; true when this call started it (concurrent failures audit once). */
export async function startLoginLock(
  db: Db,
  schoolId: number,
  accountKey: string,
  lockedUntil: Date,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .insert(loginLocks)
    .values({ schoolId, accountKey, lockedUntil })
    .onConflictDoUpdate({
      target: [loginLocks.schoolId, loginLocks.accountKey],
      set: { lockedUntil },
      setWhere: lte(loginLocks.lockedUntil, now),
    })
    .returning({ accountKey: loginLocks.accountKey });
  return rows.length === 1;
}

/** Failures older than every window count for nothing any more. */
export async function deleteLoginFailuresBefore(db: Db, before: Date): Promise<void> {
  await db.delete(loginFailures).where(lt(loginFailures.at, before));
}

export async function deleteLoginLocksBefore(db: Db, before: Date): Promise<void> {
  await db.delete(loginLocks).where(lt(loginLocks.lockedUntil, before));
}
