// push_queue and push_log (decision 073). Every process claims due rows with FOR UPDATE SKIP LOCKED and a lease;
// each later write names the lease it holds, so a process whose lease ran out cannot undo another's work.
import { and, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { PushPayload } from '@aula/contracts';
import { transaction, type Db } from '../../db/index.ts';
import { sessions } from '../auth/auth.schema.ts';
import { pushLog, pushQueue, pushSubscriptions } from './push.schema.ts';

/**
 * One push for each of the user's devices whose session is live, due now, unless one with the same tag still
 * waits for that device (so asking again cannot grow the queue); answers how many live devices there are. One
 * statement, so a device removed meanwhile (a 410 being handled) is simply not among them.
 */
export async function insertForLiveDevices(
  db: Db,
  p: { schoolId: number; userId: number; kind: string; payload: PushPayload; now: Date },
): Promise<number> {
  const res = await db.execute<{ devices: number }>(sql`
    with live as (
      select d.id, d.school_id, d.user_id
      from ${pushSubscriptions} d join ${sessions} s on s.id = d.session_id
      where d.school_id = ${p.schoolId} and d.user_id = ${p.userId}
        and (s.revoked_at is null or s.revoke_reason = 'idle')
    ), added as (
      insert into ${pushQueue} (school_id, subscription_id, user_id, kind, tag, payload, not_before,
        next_attempt_at, created_at)
      select l.school_id, l.id, l.user_id, ${p.kind}, ${p.payload.tag}, ${JSON.stringify(p.payload)}::jsonb,
        ${p.now}, ${p.now}, ${p.now}
      from live l
      where not exists (select 1 from ${pushQueue} q where q.subscription_id = l.id and q.tag = ${p.payload.tag})
      returning id
    )
    select count(*)::int as devices from live`);
  return Number(res.rows[0]?.devices ?? 0);
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
 * `leaseUntil`; rows another process is claiming right now are skipped, not waited for. One push per device
 * at a time: a device with a push in flight or waiting for a retry (its push service asked us to wait) gets
 * its next one after that, in order.
 */
export async function claimDue(db: Db, now: Date, leaseUntil: Date, limit: number): Promise<ClaimedPush[]> {
  return transaction(db, async (tx) => {
    const candidates = await tx.execute<{ id: number; subscription_id: number }>(sql`
      select q.id, q.subscription_id from ${pushQueue} q
      where q.not_before <= ${now} and q.next_attempt_at <= ${now}
        and (q.locked_until is null or q.locked_until < ${now})
        and not exists (select 1 from ${pushQueue} o where o.subscription_id = q.subscription_id
          and o.id <> q.id and (o.locked_until >= ${now} or (o.attempts > 0 and o.next_attempt_at > ${now})))
      order by q.next_attempt_at, q.id
      limit ${limit * 2}
      for update skip locked`);
    const devices = new Set<number>();
    const ids: number[] = [];
    for (const row of candidates.rows) {
      const device = Number(row.subscription_id);
      if (devices.has(device) || ids.length >= limit) continue;
      devices.add(device);
      ids.push(Number(row.id));
    }
    if (ids.length === 0) return [];
    const res = await tx.execute<Record<string, unknown>>(sql`
      update ${pushQueue} q set locked_until = ${leaseUntil}
      from ${pushSubscriptions} s
      where q.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) and s.id = q.subscription_id
      returning q.id, q.school_id, q.subscription_id, q.user_id, q.kind, q.ref_type, q.ref_id, q.tag, q.payload,
        q.attempts, s.endpoint, s.p256dh, s.auth,
        -- a session that merely ran out keeps its device (decision 073, push-enqueue.repo.ts deviceSessionOpen)
        exists (select 1 from ${sessions} ss where ss.id = s.session_id
          and (ss.revoked_at is null or ss.revoke_reason = 'idle')) as session_live`);
    return res.rows
      .map((r) => ({
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
      }))
      .sort((x, y) => ids.indexOf(x.id) - ids.indexOf(y.id));
  });
}

const held = (row: Pick<ClaimedPush, 'id' | 'lease'>) =>
  and(eq(pushQueue.id, row.id), eq(pushQueue.lockedUntil, row.lease));

/** Done with a row (sent, dropped, given up): gone, if this process still holds it. */
export async function deleteClaimed(db: Db, row: Pick<ClaimedPush, 'id' | 'lease'>): Promise<boolean> {
  const rows = await db.delete(pushQueue).where(held(row)).returning({ id: pushQueue.id });
  return rows.length > 0;
}

/**
 * Sent: the row goes (if this process still holds it), the device remembers when it last got one (and that its
 * refusals in a row ended), and the log
 * counts it, in one statement. False when the lease had passed to another process.
 */
export async function finishSent(db: Db, row: Pick<ClaimedPush, 'id' | 'lease'>, status: number, at: Date) {
  const res = await db.execute<{ id: number }>(sql`
    with done as (
      delete from ${pushQueue} where id = ${row.id} and locked_until = ${row.lease}
      returning subscription_id, school_id, kind
    ), seen as (
      update ${pushSubscriptions} set last_sent_at = ${at}, failures = 0
      where id in (select subscription_id from done)
    )
    insert into ${pushLog} (school_id, kind, outcome, status, at)
    select school_id, kind, 'sent', ${status}, ${at} from done
    returning id`);
  return res.rows.length > 0;
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

/** Held by quiet hours at sending: waits until `until`, the lease ends, the count stays. */
export async function holdClaimed(
  db: Db,
  row: Pick<ClaimedPush, 'id' | 'lease'>,
  until: Date,
): Promise<boolean> {
  const rows = await db
    .update(pushQueue)
    .set({ notBefore: until, lockedUntil: null })
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
    // a device the push service no longer knows (404/410) is news for the admin as well
    .where(and(eq(pushLog.schoolId, schoolId), inArray(pushLog.outcome, ['failed', 'gone'])))
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
