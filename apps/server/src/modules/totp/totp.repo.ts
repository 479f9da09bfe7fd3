import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { users } from '../../db/schema.ts';

/** What the TOTP routes need of a user: the sealed seeds, the last step and the password hash. */
export async function findTotpUser(db: Db, schoolId: number, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      passwordHash: users.passwordHash,
      totpSecret: users.totpSecret,
      totpPendingSecret: users.totpPendingSecret,
      totpPendingAt: users.totpPendingAt,
      totpLastStep: users.totpLastStep,
    })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.schoolId, schoolId)))
    .limit(1);
  return row ?? null;
}

/** Stores a pending seed unless one is already there; returns the pending seed that holds now. */
/** Stores a new pending seed unless a live one (younger than `staleBefore`) exists; answers the pending one. */
export async function ensurePendingSecret(
  db: Db,
  userId: number,
  sealed: string,
  now: Date,
  staleBefore: Date,
): Promise<string | null> {
  await db
    .update(users)
    .set({ totpPendingSecret: sealed, totpPendingAt: now })
    .where(
      and(
        eq(users.id, userId),
        or(
          isNull(users.totpPendingSecret),
          isNull(users.totpPendingAt),
          lt(users.totpPendingAt, staleBefore),
        ),
      ),
    );
  const [row] = await db.select({ pending: users.totpPendingSecret }).from(users).where(eq(users.id, userId));
  return row?.pending ?? null;
}

export async function setPendingSecret(db: Db, userId: number, sealed: string, now: Date): Promise<void> {
  await db.update(users).set({ totpPendingSecret: sealed, totpPendingAt: now }).where(eq(users.id, userId));
}

/** Activates the checked pending seed (resealed as the active one), if it is still the pending one. */
export async function activatePendingSecret(
  db: Db,
  userId: number,
  pending: string,
  active: string,
  step: number,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpSecret: active, totpPendingSecret: null, totpPendingAt: null, totpLastStep: step })
    .where(and(eq(users.id, userId), eq(users.totpPendingSecret, pending)))
    .returning({ id: users.id });
  return rows.length === 1;
}

/**
 * Compare-and-set of the last accepted step: of two requests with one code, only the first
 * update matches the condition (PostgreSQL re-checks it after the row lock), so exactly one wins.
 */
export async function acceptTotpStep(db: Db, userId: number, sealed: string, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(users.id, userId),
        eq(users.totpSecret, sealed),
        or(isNull(users.totpLastStep), lt(users.totpLastStep, step)),
      ),
    )
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Turns 2FA off: the seed, a pending seed and the last step. */
export async function clearTotp(db: Db, schoolId: number, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ totpSecret: null, totpPendingSecret: null, totpPendingAt: null, totpLastStep: null })
    .where(and(eq(users.id, userId), eq(users.schoolId, schoolId)));
}
