import { and, asc, desc, eq, gt, gte, inArray, lt, lte, max, min, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { events, groupMembers, sessions } from '../../db/schema.ts';

/** The NOTIFY channel every server process LISTENs on (decision 071). */
export const EVENTS_CHANNEL = 'aula_events';

export interface NewEvent {
  schoolId: number;
  /** null: every signed-in user of the school */
  userIds: number[] | null;
  /** only these sessions of those users (a forced sign-out of one session) */
  sessionIds?: number[] | null;
  type: string;
  data: unknown;
  at: Date;
}

/**
 * Writes the event and announces its id with NOTIFY, in the caller's transaction: PostgreSQL delivers the
 * notification only when that transaction commits.
 */
export async function insertEvent(tx: Db, e: NewEvent): Promise<number> {
  const [row] = await tx
    .insert(events)
    .values({
      schoolId: e.schoolId,
      userIds: e.userIds,
      sessionIds: e.sessionIds ?? null,
      type: e.type,
      data: e.data,
      createdAt: e.at,
    })
    .returning({ id: events.id });
  await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${String(row!.id)})`);
  return row!.id;
}

/** An event as the stream reads it back. */
export interface EventRow {
  id: number;
  schoolId: number;
  userIds: number[] | null;
  sessionIds: number[] | null;
  type: string;
  data: unknown;
}

const rowColumns = {
  id: events.id,
  schoolId: events.schoolId,
  userIds: events.userIds,
  sessionIds: events.sessionIds,
  type: events.type,
  data: events.data,
};

/** The events a batch of notifications named (one query per batch and process, not per stream). */
export function findEventsByIds(db: Db, ids: readonly number[]): Promise<EventRow[]> {
  return db
    .select(rowColumns)
    .from(events)
    .where(inArray(events.id, [...ids]))
    .orderBy(asc(events.id));
}

/** Every school's events after an id: catching up after the listener lost its connection. */
export function findEventsAfter(db: Db, afterId: number, limit: number): Promise<EventRow[]> {
  return db
    .select(rowColumns)
    .from(events)
    .where(gt(events.id, afterId))
    .orderBy(asc(events.id))
    .limit(limit);
}

/** The newest event id (0 when there are none): a stream without Last-Event-ID starts here. */
export async function newestEventId(db: Db): Promise<number> {
  const [row] = await db.select({ id: max(events.id) }).from(events);
  return Number(row?.id ?? 0);
}

/** The oldest event id still within the replay window, or null when no event is that recent. */
export async function oldestEventIdSince(db: Db, since: Date): Promise<number | null> {
  const [row] = await db
    .select({ id: min(events.id) })
    .from(events)
    .where(gte(events.createdAt, since));
  return row?.id == null ? null : Number(row.id);
}

/**
 * What one stream missed: its user's events (and its session's) of its school in (afterId, uptoId], created
 * since `since`, in id order, at most `limit`.
 */
export function findMissedEvents(
  db: Db,
  q: { schoolId: number; userId: number; sessionId: number; afterId: number; uptoId: number; since: Date },
  limit: number,
): Promise<EventRow[]> {
  return db
    .select(rowColumns)
    .from(events)
    .where(
      and(
        eq(events.schoolId, q.schoolId),
        gt(events.id, q.afterId),
        lte(events.id, q.uptoId),
        gte(events.createdAt, q.since),
        sql`(${events.userIds} is null or ${q.userId}::int = any(${events.userIds}))`,
        sql`(${events.sessionIds} is null or ${q.sessionId}::bigint = any(${events.sessionIds}))`,
      ),
    )
    .orderBy(asc(events.id))
    .limit(limit);
}

/**
 * Why a session was revoked, or null while it is live (or unknown): a stream re-checks its session once it is
 * registered, in case the revocation committed after the request guard looked (decision 071).
 */
export async function findSessionRevokeReason(db: Db, sessionId: number): Promise<string | null> {
  const [row] = await db
    .select({ revokedAt: sessions.revokedAt, reason: sessions.revokeReason })
    .from(sessions)
    .where(eq(sessions.id, sessionId))
    .limit(1);
  return row?.revokedAt ? (row.reason ?? 'admin') : null;
}

/** Deletes a school's events older than the replay window; answers how many. */
export async function deleteEventsBefore(db: Db, schoolId: number, before: Date): Promise<number> {
  const rows = await db
    .delete(events)
    .where(and(eq(events.schoolId, schoolId), lt(events.createdAt, before)))
    .returning({ id: events.id });
  return rows.length;
}

/** The members of some groups of a school (an admin message's audience). */
export async function groupMemberIds(
  db: Db,
  schoolId: number,
  groupIds: readonly number[],
): Promise<number[]> {
  if (groupIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(and(eq(groupMembers.schoolId, schoolId), inArray(groupMembers.groupId, [...groupIds])));
  return rows.map((r) => r.userId);
}

/**
 * When a school's last event of a type was raised, under a lock per (school, type) held to the end of the
 * transaction: two processes asking at once take turns, so the second sees the first one's event.
 */
export async function lockLastEventAt(tx: Db, schoolId: number, type: string): Promise<Date | null> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`aula_events:${type}`}), ${schoolId}::int)`);
  const [row] = await tx
    .select({ at: events.createdAt })
    .from(events)
    .where(and(eq(events.schoolId, schoolId), eq(events.type, type)))
    .orderBy(desc(events.id))
    .limit(1);
  return row?.at ?? null;
}
