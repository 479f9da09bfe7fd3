// push_subscriptions: one browser's subscription, bound to the session that made it (decision 073). Only this
// repo writes the table.
import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { sessions } from '../auth/auth.schema.ts';
import { users } from '../users/users.schema.ts';
import { pushSubscriptions } from './push.schema.ts';

export interface NewSubscription {
  schoolId: number;
  userId: number;
  sessionId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  createdAt: Date;
}

/**
 * Stores a device's subscription by its endpoint. The same user renewing it keeps the row (and what waits for
 * it). A device of another user or school whose session is still live stays theirs: 'taken', nothing stored
 * (an endpoint is no secret, so knowing it must not silence someone). Once that session ended, the old row
 * goes with its queued pushes, so the last user's pushes never reach the next one.
 */
export async function upsertSubscription(tx: Db, s: NewSubscription): Promise<number | 'taken'> {
  const [existing] = await tx
    .select({
      id: pushSubscriptions.id,
      userId: pushSubscriptions.userId,
      schoolId: pushSubscriptions.schoolId,
      sessionLive: sql<boolean>`exists (select 1 from ${sessions} ss where ss.id = ${pushSubscriptions.sessionId}
        and ss.revoked_at is null and ss.refresh_expires_at > ${s.createdAt})`,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.endpoint, s.endpoint))
    .for('update');
  if (existing && existing.userId === s.userId && existing.schoolId === s.schoolId) {
    await tx
      .update(pushSubscriptions)
      .set({ sessionId: s.sessionId, p256dh: s.p256dh, auth: s.auth })
      .where(eq(pushSubscriptions.id, existing.id));
    return existing.id;
  }
  if (existing && existing.sessionLive) return 'taken';
  if (existing) await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.id, existing.id));
  // a concurrent subscribe of the same endpoint stored first: the same user's renews it, another's keeps it
  const [row] = await tx
    .insert(pushSubscriptions)
    .values(s)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { sessionId: s.sessionId, p256dh: s.p256dh, auth: s.auth },
      setWhere: and(eq(pushSubscriptions.userId, s.userId), eq(pushSubscriptions.schoolId, s.schoolId)),
    })
    .returning({ id: pushSubscriptions.id });
  return row ? row.id : 'taken';
}

/** The caller's own subscription with this endpoint, gone; how many went (0 or 1). */
export async function deleteOwnSubscription(
  db: Db,
  schoolId: number,
  userId: number,
  endpoint: string,
): Promise<number> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.schoolId, schoolId),
        eq(pushSubscriptions.userId, userId),
        eq(pushSubscriptions.endpoint, endpoint),
      ),
    )
    .returning({ id: pushSubscriptions.id });
  return rows.length;
}

/** Sessions ended: their devices stop getting pushes (queued ones go with them). */
export async function deleteSessionSubscriptions(db: Db, sessionIds: readonly number[]): Promise<number> {
  if (sessionIds.length === 0) return 0;
  const rows = await db
    .delete(pushSubscriptions)
    .where(inArray(pushSubscriptions.sessionId, [...sessionIds]))
    .returning({ id: pushSubscriptions.id });
  return rows.length;
}

export async function deleteSchoolSubscriptions(db: Db, schoolId: number): Promise<number> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(eq(pushSubscriptions.schoolId, schoolId))
    .returning({ id: pushSubscriptions.id });
  return rows.length;
}

export async function deleteSubscriptionById(db: Db, id: number): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

/** The user's language for a push's words ('auto' and unknown: the school's source language). */
export async function findUserLang(db: Db, userId: number): Promise<string> {
  const [row] = await db.select({ lang: users.selectedLang }).from(users).where(eq(users.id, userId));
  return row?.lang ?? 'auto';
}

/** The user's subscriptions for the data export: never the keys, which are the browser's secret. */
export async function findUserSubscriptionsForExport(db: Db, schoolId: number, userId: number) {
  return db
    .select({
      endpoint: pushSubscriptions.endpoint,
      createdAt: pushSubscriptions.createdAt,
      lastSentAt: pushSubscriptions.lastSentAt,
    })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.schoolId, schoolId), eq(pushSubscriptions.userId, userId)))
    .orderBy(pushSubscriptions.id);
}

/** Every device of a user but the one of `exceptSessionId`; answers how many went. */
export async function deleteUserSubscriptions(
  db: Db,
  userId: number,
  exceptSessionId?: number,
): Promise<number> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.userId, userId),
        exceptSessionId === undefined
          ? undefined
          : or(isNull(pushSubscriptions.sessionId), ne(pushSubscriptions.sessionId, exceptSessionId)),
      ),
    )
    .returning({ id: pushSubscriptions.id });
  return rows.length;
}

/** One more push the push service refused for this device; answers how many in a row now. */
export async function countSubscriptionFailure(db: Db, id: number): Promise<number> {
  const [row] = await db
    .update(pushSubscriptions)
    .set({ failures: sql`${pushSubscriptions.failures} + 1` })
    .where(eq(pushSubscriptions.id, id))
    .returning({ failures: pushSubscriptions.failures });
  return row?.failures ?? 0;
}
