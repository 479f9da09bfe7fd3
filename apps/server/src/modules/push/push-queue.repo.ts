// push_queue and push_log (decision 073). Every process claims due rows with FOR UPDATE SKIP LOCKED and a lease;
// each later write names the lease it holds, so a process whose lease ran out cannot undo another's work.
import { and, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { PushPayload } from '@aula/contracts';
import type { Db } from '../../db/index.ts';
import { sessions } from '../auth/auth.schema.ts';
import { pushLog, pushQueue, pushSubscriptions } from './push.schema.ts';

export type NewQueueRow = typeof pushQueue.$inferInsert;

export async function insertQueueRows(db: Db, rows: NewQueueRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(pushQueue).values(rows);
}

/** A claimed push with what sending it needs. */
export interface ClaimedPush {
  id: number;
  schoolId: number;
  subscriptionId: number;
  userId: number;
  kind: string;
  refType: string | null;
  refId: number | null;
  tag: string;
  payload: PushPayload;
  attempts: number;
  /** the lease this process holds: later writes must name it */
  lease: Date;
  endpoint: string;
  p256dh: string;
  auth: string;
  /** the subscription's session is still live (not revoked, not past its end) */
  sessionLive: boolean;
}

/**
 * Takes up to `limit` due rows (not held back, retry time reached, no live lease) for this process until
 * `leaseUntil`; rows another process is claiming right now are skipped, not waited for.
 */
export async function claimDue(db: Db, now: Date, leaseUntil: Date, limit: number): Promise<ClaimedPush[]> {
  const res = await db.execute<Record<string, unknown>>(sql`
    with due as (
      select id from ${pushQueue}
      where not_before <= ${now} and next_attempt_at <= ${now}
        and (locked_until is null or locked_until < ${now})
      order by next_attempt_at, id
      limit ${limit}
      for update skip locked
    )
    update ${pushQueue} q set locked_until = ${leaseUntil}
    from due, ${pushSubscriptions} s
    where q.id = due.id and s.id = q.subscription_id
    returning q.id, q.school_id, q.subscription_id, q.user_id, q.kind, q.ref_type, q.ref_id, q.tag, q.payload,
      q.attempts, s.endpoint, s.p256dh, s.auth,
      exists (select 1 from ${sessions} ss where ss.id = s.session_id and ss.revoked_at is null
        and ss.refresh_expires_at > ${now}) as session_live`);
  return res.rows.map((r) => ({
    id: Number(r.id),
    schoolId: Number(r.school_id),
    subscriptionId: Number(r.subscription_id),
    userId: Number(r.user_id),
    kind: String(r.kind),
    refType: (r.ref_type as string | null) ?? null,
    refId: r.ref_id === null || r.ref_id === undefined ? null : Number(r.ref_id),
    tag: String(r.tag),
    payload: (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as PushPayload,
    attempts: Number(r.attempts),
    lease: leaseUntil,
    endpoint: String(r.endpoint),
    p256dh: String(r.p256dh),
    auth: String(r.auth),
    sessionLive: Boolean(r.session_live),
  }));
}

const held = (row: Pick<ClaimedPush, 'id' | 'lease'>) =>
  and(eq(pushQueue.id, row.id), eq(pushQueue.lockedUntil, row.lease));

/** Done with a row (sent, dropped, given up): gone, if this process still holds it. */
export async function deleteClaimed(db: Db, row: Pick<ClaimedPush, 'id' | 'lease'>): Promise<boolean> {
  const rows = await db.delete(pushQueue).where(held(row)).returning({ id: pushQueue.id });
  return rows.length > 0;
}

/** Tries again at `at`: the lease ends, the count goes up. */
export async function scheduleRetry(
  db: Db,
  row: Pick<ClaimedPush, 'id' | 'lease'>,
  attempts: number,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(pushQueue)
    .set({ attempts, nextAttemptAt: at, lockedUntil: null })
    .where(held(row))
    .returning({ id: pushQueue.id });
  return rows.length > 0;
}

export type PushOutcome = 'sent' | 'gone' | 'failed' | 'dropped';

export async function insertLog(
  db: Db,
  row: { schoolId: number; kind: string; outcome: PushOutcome; status: number; at: Date },
): Promise<void> {
  await db.insert(pushLog).values(row);
}

/** The retention job: log rows older than `before` go. */
export async function deleteLogsBefore(db: Db, schoolId: number, before: Date): Promise<number> {
  const rows = await db
    .delete(pushLog)
    .where(and(eq(pushLog.schoolId, schoolId), lt(pushLog.at, before)))
    .returning({ id: pushLog.id });
  return rows.length;
}

/** The dashboard's figures for one school. */
export async function findPushFigures(db: Db, schoolId: number, now: Date, since: Date) {
  const [devices] = await db
    .select({ n: count() })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.schoolId, schoolId));
  const [queue] = await db
    .select({
      queued: sql<number>`count(*) filter (where ${pushQueue.notBefore} <= ${now})`,
      held: sql<number>`count(*) filter (where ${pushQueue.notBefore} > ${now})`,
    })
    .from(pushQueue)
    .where(eq(pushQueue.schoolId, schoolId));
  const [log] = await db
    .select({
      sent: sql<number>`count(*) filter (where ${pushLog.outcome} = 'sent')`,
      failed: sql<number>`count(*) filter (where ${pushLog.outcome} = 'failed')`,
    })
    .from(pushLog)
    .where(and(eq(pushLog.schoolId, schoolId), gte(pushLog.at, since)));
  const [lastFailure] = await db
    .select({ at: pushLog.at, status: pushLog.status })
    .from(pushLog)
    .where(and(eq(pushLog.schoolId, schoolId), eq(pushLog.outcome, 'failed')))
    .orderBy(desc(pushLog.at), desc(pushLog.id))
    .limit(1);
  return {
    devices: Number(devices?.n ?? 0),
    queued: Number(queue?.queued ?? 0),
    held: Number(queue?.held ?? 0),
    sent24h: Number(log?.sent ?? 0),
    failed24h: Number(log?.failed ?? 0),
    lastFailure: lastFailure ?? null,
  };
}
