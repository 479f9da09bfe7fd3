import { and, desc, eq, gt, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { loginChallengesSpent, loginFailures, loginLocks } from '../../db/schema.ts';

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

/** The failures of one (account, address) pair since a time; attempts in flight are no failures. */
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
      eq(loginFailures.pending, false),
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
  values: { schoolId: number; accountKey: string; ip: string; at: Date; device: string | null },
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

/** An account's failures in the window, and the attempts in flight ahead of one attempt (decision 074). */
export interface AttemptCounts {
  /** settled failures: of the account, of the (account, address) pair, of the (account, device) pair */
  account: number;
  pair: number;
  device: number;
  /** attempts still being checked that were reserved before this one, in the same three scopes */
  accountAhead: number;
  pairAhead: number;
  deviceAhead: number;
}

/**
 * One query for an account's rows since `since`: settled failures, and the attempts in flight before
 * `upTo` (reserved after `staleBefore`: a crashed process's reservation stops counting). Without `upTo`
 * nothing is ahead.
 */
export async function countAttempts(
  db: Db,
  scope: { schoolId: number; accountKey: string; ip: string; device: string | null },
  since: Date,
  upTo?: { id: number; staleBefore: Date },
): Promise<AttemptCounts> {
  const { pending, ip, device, id, at } = loginFailures;
  const ahead = upTo ? sql`${pending} and ${id} < ${upTo.id} and ${at} > ${upTo.staleBefore}` : sql`false`;
  const deviceIs = scope.device === null ? sql`false` : sql`${device} = ${scope.device}`;
  const n = (filter: ReturnType<typeof sql>) =>
    sql<number>`count(*) filter (where ${filter})`.mapWith(Number);
  const [row] = await db
    .select({
      account: n(sql`not ${pending}`),
      pair: n(sql`not ${pending} and ${ip} = ${scope.ip}`),
      device: n(sql`not ${pending} and ${deviceIs}`),
      accountAhead: n(ahead),
      pairAhead: n(sql`${ahead} and ${ip} = ${scope.ip}`),
      deviceAhead: n(sql`${ahead} and ${deviceIs}`),
    })
    .from(loginFailures)
    .where(
      and(
        eq(loginFailures.schoolId, scope.schoolId),
        eq(loginFailures.accountKey, scope.accountKey),
        gt(loginFailures.at, since),
      ),
    );
  return row ?? { account: 0, pair: 0, device: 0, accountAhead: 0, pairAhead: 0, deviceAhead: 0 };
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

/** Takes a solved challenge once: false when it was taken before. */
export async function spendLoginChallenge(db: Db, signature: string, expiresAt: Date): Promise<boolean> {
  const rows = await db
    .insert(loginChallengesSpent)
    .values({ signature, expiresAt })
    .onConflictDoNothing()
    .returning({ signature: loginChallengesSpent.signature });
  return rows.length === 1;
}

/** Challenges past their expiry can no longer be replayed: their record goes. */
export async function deleteSpentChallengesBefore(db: Db, before: Date): Promise<void> {
  await db.delete(loginChallengesSpent).where(lt(loginChallengesSpent.expiresAt, before));
}
