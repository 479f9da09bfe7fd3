// Raising events for the live stream (decision 071). Other modules call `publishEvent` inside the transaction
// of the change the event reports; the stream itself (routes, fan-out in events.hub.ts, replay) lives beside it.
import {
  EVENT_REPLAY_MAX,
  EVENT_REPLAY_MS,
  PRESENCE_FLUSH_MS,
  type EventData,
  type EventType,
} from '@aula/contracts';
import type { Ctx } from '../../context.ts';
import { transaction, type Db } from '../../db/index.ts';
import { formatEvent } from './events.hub.ts';
import {
  deleteEventsBefore,
  findMissedEvents,
  findSessionRevokeReason,
  groupMemberIds,
  insertEvent,
  lockLastEventAt,
  newestEventId,
  oldestEventIdSince,
} from './events.repo.ts';

export interface EventAudience {
  schoolId: number;
  /** null: every signed-in user of the school */
  userIds: readonly number[] | null;
  sessionIds?: readonly number[];
}

export function publishEvent<T extends EventType>(
  tx: Db,
  to: EventAudience,
  type: T,
  data: EventData<T>,
  at: Date,
): Promise<number> {
  return insertEvent(tx, {
    schoolId: to.schoolId,
    userIds: to.userIds ? [...new Set(to.userIds)] : null,
    sessionIds: to.sessionIds ? [...to.sessionIds] : null,
    type,
    data,
    at,
  });
}

/** The session.end reason the tab is told, for the reason a session was revoked with (auth.schema). */
export function sessionEndReason(revokeReason: string): EventData<'session.end'>['reason'] {
  switch (revokeReason) {
    case 'blocked':
      return 'blocked';
    case 'password':
    case 'reset':
      return 'password';
    case 'logout':
    case 'replaced':
      return 'logout';
    case 'idle':
      return 'expired';
    default:
      // totp, admin, reuse, provider_logout: ended by someone or something else
      return 'revoked';
  }
}

/**
 * Tells the tabs of ended sessions (forced sign-out), in the transaction that ended them: each session's
 * streams get `session.end` and are closed after it.
 */
export async function publishSessionsEnded(
  tx: Db,
  schoolId: number,
  ended: readonly { id: number; userId: number }[],
  revokeReason: string,
  at: Date,
): Promise<void> {
  if (ended.length === 0) return;
  await publishEvent(
    tx,
    { schoolId, userIds: ended.map((s) => s.userId), sessionIds: ended.map((s) => s.id) },
    'session.end',
    { reason: sessionEndReason(revokeReason) },
    at,
  );
}

/**
 * An admin message was created, changed or deleted: its audience refetches (the whole school when it has no
 * groups, else the members of its groups; for a change, of the groups before and after).
 */
/** The members of some groups of the school: an admin message's audience (also for its push, decision 073). */
export function adminMessageAudience(
  tx: Db,
  schoolId: number,
  groupIds: readonly number[],
): Promise<number[]> {
  return groupMemberIds(tx, schoolId, groupIds);
}

export async function publishAdminMessageChanged(
  ctx: Ctx,
  tx: Db,
  groupIds: readonly number[] | null,
): Promise<void> {
  const userIds = groupIds === null ? null : await groupMemberIds(tx, ctx.schoolId, groupIds);
  if (userIds && userIds.length === 0) return;
  await publishEvent(tx, { schoolId: ctx.schoolId, userIds }, 'messages.admin', {}, ctx.clock());
}

/**
 * The online list of a school changed: tells the school, at most once per PRESENCE_FLUSH_MS however many
 * processes noticed it (they take turns on a lock and look at the last presence event). False: too soon.
 */
export async function publishPresenceChanged(db: Db, schoolId: number, now: Date): Promise<boolean> {
  return transaction(db, async (tx) => {
    const last = await lockLastEventAt(tx, schoolId, 'presence');
    if (last && now.getTime() - last.getTime() < PRESENCE_FLUSH_MS) return false;
    await publishEvent(tx, { schoolId, userIds: null }, 'presence', {}, now);
    return true;
  });
}

/** Where a new stream starts: the events to send first, and up to which id the client has everything. */
export interface StreamStart {
  /** replayed events (or `reset`), then an `id:` line that moves the client's Last-Event-ID to now */
  replay: string;
  after: number;
  /** the session has ended meanwhile: `replay` is its session.end, and the stream ends after it */
  ended: boolean;
}

/**
 * GET /api/events: what a stream opened with Last-Event-ID `lastEventId` missed, up to `upto` (the hub's
 * watermark when it was registered; later events reach it live). Without lastEventId it starts at `upto`.
 * A gap older than EVENT_REPLAY_MS, longer than EVENT_REPLAY_MAX, or an id the server never gave gets `reset`.
 * A session revoked since the request guard looked gets its session.end: that revocation's event may have
 * gone out before the stream was registered, and it is at most `upto`, so no replay would carry it.
 */
export async function startStream(
  ctx: Ctx,
  upto: number,
  lastEventId: number | undefined,
): Promise<StreamStart> {
  const user = ctx.user!;
  const session = ctx.session!;
  const now = ctx.clock();
  const revoked = await findSessionRevokeReason(ctx.db, session.id);
  if (revoked !== null) {
    const data: EventData<'session.end'> = { reason: sessionEndReason(revoked) };
    return { replay: formatEvent(null, 'session.end', data), after: 0, ended: true };
  }
  const reset = (): StreamStart => ({ replay: formatEvent(upto, 'reset', {}), after: 0, ended: false });
  if (lastEventId === undefined) return { replay: `id: ${upto}\n\n`, after: 0, ended: false };
  if (lastEventId >= upto) {
    // ahead of this process: another one delivered it already; never an id that was not given
    return lastEventId > (await newestEventId(ctx.db))
      ? reset()
      : { replay: '', after: lastEventId, ended: false };
  }
  const since = new Date(now.getTime() - EVENT_REPLAY_MS);
  const oldest = await oldestEventIdSince(ctx.db, since);
  // some of the ids after lastEventId may be gone (older than the window, deleted)
  if (oldest === null || lastEventId < oldest - 1) return reset();
  const rows = await findMissedEvents(
    ctx.db,
    {
      schoolId: ctx.schoolId,
      userId: user.id,
      sessionId: session.id,
      afterId: lastEventId,
      uptoId: upto,
      since,
    },
    EVENT_REPLAY_MAX + 1,
  );
  if (rows.length > EVENT_REPLAY_MAX) return reset();
  const replay = rows.map((r) => formatEvent(r.id, r.type, r.data)).join('');
  return { replay: replay + `id: ${upto}\n\n`, after: lastEventId, ended: false };
}

/** The events job: deletes a school's events older than the replay window. */
export async function deleteOldEvents(ctx: Ctx): Promise<{ deleted: number }> {
  const before = new Date(ctx.clock().getTime() - EVENT_REPLAY_MS);
  return { deleted: await deleteEventsBefore(ctx.db, ctx.schoolId, before) };
}
