// The session check of every request (SECURITY.md "Sessions"): one indexed read by the access token's hash.
import { ACTIVITY_WRITE_MS } from '@aula/contracts';
import type { Ctx } from '../../context.ts';
import type { ActiveSession, SessionUser } from '../../core/session-types.ts';
import { SessionEndedError } from '../../lib/app-error.ts';
import { hashToken } from '../../lib/tokens.ts';
import {
  findSessionByAccessHash,
  findSessionOnlyByAccessHash,
  revokeSession,
  touchSessionActivity,
} from './auth.repo.ts';
import { endIdleSession, idleExpired } from './sessions.service.ts';

// Presence and session upkeep are not user activity (SECURITY.md: pings and refreshes are not activity).
const NOT_ACTIVITY = new Set([
  'POST /api/users/alive',
  'POST /api/login/refresh',
  'GET /api/users/online',
  'POST /api/statistics',
  // opening the live event stream (a tab reconnecting) is upkeep too (decision 071)
  'GET /api/events',
]);
// They set or clear the cookies themselves: a stale cookie of an ended session must not stand in the way.
const NO_SESSION_END_CHECK = new Set(['POST /api/login', 'POST /api/logout']);

/** Who a request's access token signs in: the user and the session (both null on a session-only route). */
export interface Authenticated {
  user: SessionUser | null;
  session: ActiveSession | null;
  sessionId: number;
}

/**
 * What the session check reads with: the request's database, school and clock, and the whole context only
 * to end a session (blocked or idle), which nearly no request does: the check itself runs on every request.
 */
export interface SessionCheckParts extends Pick<Ctx, 'db' | 'schoolId' | 'clock' | 'sessionSettings'> {
  context: () => Ctx;
}

interface SessionEnds {
  session: { id: number; lastActivityAt: Date; revokedAt: Date | null; accessExpiresAt: Date };
  user: { id: number; blocked: boolean };
}

/**
 * Whether a session found by its token still signs its user in: false when its access token merely expired;
 * a session the server ended (revoked, user blocked, idle too long) throws SessionEndedError.
 */
async function signsIn(
  parts: SessionCheckParts,
  { session, user }: SessionEnds,
  routeKey: string,
  now: Date,
) {
  const { idleMs } = await parts.sessionSettings(parts.schoolId);
  const idle = idleExpired(session.lastActivityAt, idleMs, now);
  if (session.revokedAt || user.blocked || idle) {
    if (NO_SESSION_END_CHECK.has(routeKey)) return false;
    if (session.revokedAt) throw new SessionEndedError();
    if (user.blocked) await revokeSession(parts.db, session.id, now, 'blocked');
    else await endIdleSession(parts.context(), { id: session.id, userId: user.id }, now);
    throw new SessionEndedError();
  }
  return session.accessExpiresAt > now;
}

/**
 * An unknown, forged or merely expired access token signs nobody in (null); a session the server ended
 * (revoked, user blocked, idle too long) is a SessionEndedError, 418 with the cookies cleared. Real
 * activity is written at most once per ACTIVITY_WRITE_MS. A session-only route (decision 052) gets the same
 * checks from a read of the session's ends and its user's blocked flag alone: who the user is is not read,
 * and it is upkeep, never activity.
 */
export async function authenticate(
  parts: SessionCheckParts,
  accessToken: string,
  routeKey: string,
  { sessionOnly = false }: { sessionOnly?: boolean } = {},
): Promise<Authenticated | null> {
  const accessTokenHash = hashToken(accessToken);
  const now = parts.clock();
  if (sessionOnly) {
    const found = await findSessionOnlyByAccessHash(parts.db, parts.schoolId, accessTokenHash);
    if (!found || !(await signsIn(parts, found, routeKey, now))) return null;
    return { user: null, session: null, sessionId: found.session.id };
  }
  const found = await findSessionByAccessHash(parts.db, parts.schoolId, accessTokenHash);
  if (!found || !(await signsIn(parts, found, routeKey, now))) return null;
  const { session, user } = found;
  const active: ActiveSession = {
    id: session.id,
    familyId: session.familyId,
    impersonatorId: session.impersonatorId,
    parentSessionId: session.parentSessionId,
    authAt: session.authAt,
    lastActivityAt: session.lastActivityAt,
    refreshExpiresAt: session.refreshExpiresAt,
  };
  if (!NOT_ACTIVITY.has(routeKey) && now.getTime() - session.lastActivityAt.getTime() >= ACTIVITY_WRITE_MS) {
    await touchSessionActivity(parts.db, session.id, now);
    active.lastActivityAt = now;
  }
  return { user, session: active, sessionId: session.id };
}
