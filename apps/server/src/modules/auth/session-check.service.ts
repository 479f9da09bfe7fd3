// The session check of every request (SECURITY.md "Sessions"): one indexed read by the access token's hash.
import { ACTIVITY_WRITE_MS } from '@aula/contracts';
import type { Ctx } from '../../context.ts';
import type { ActiveSession, SessionUser } from '../../core/session-types.ts';
import type { Db } from '../../db/index.ts';
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

/**
 * The session and its user by access token hash. A session-only route (decision 052) gets the same checks
 * from a read of the session and its user's blocked flag; the user's names, roles and groups are not read.
 */
async function readSession(db: Db, schoolId: number, accessTokenHash: string, sessionOnly: boolean) {
  if (sessionOnly) {
    const found = await findSessionOnlyByAccessHash(db, schoolId, accessTokenHash);
    return found && { ...found, signedInUser: null };
  }
  const found = await findSessionByAccessHash(db, schoolId, accessTokenHash);
  return found && { ...found, signedInUser: found.user };
}

/** Who a request's access token signs in: the user (null on a session-only route) and the session. */
export interface Authenticated {
  user: SessionUser | null;
  session: ActiveSession;
}

/**
 * An unknown, forged or merely expired access token signs nobody in (null); a session the server ended
 * (revoked, user blocked, idle too long) is a SessionEndedError, 418 with the cookies cleared. Real
 * activity is written at most once per ACTIVITY_WRITE_MS.
 */
export async function authenticate(
  ctx: Ctx,
  accessToken: string,
  routeKey: string,
  { sessionOnly = false }: { sessionOnly?: boolean } = {},
): Promise<Authenticated | null> {
  const found = await readSession(ctx.db, ctx.schoolId, hashToken(accessToken), sessionOnly);
  if (!found) return null;
  const { session, user, signedInUser } = found;
  const now = ctx.clock();
  const { idleMs } = await ctx.sessionSettings(ctx.schoolId);
  const idle = idleExpired(session.lastActivityAt, idleMs, now);
  if (session.revokedAt || user.blocked || idle) {
    if (NO_SESSION_END_CHECK.has(routeKey)) return null;
    if (session.revokedAt) throw new SessionEndedError();
    if (user.blocked) await revokeSession(ctx.db, session.id, now, 'blocked');
    else await endIdleSession(ctx, { id: session.id, userId: user.id }, now);
    throw new SessionEndedError();
  }
  if (session.accessExpiresAt <= now) return null;
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
    await touchSessionActivity(ctx.db, session.id, now);
    active.lastActivityAt = now;
  }
  return { user: signedInUser, session: active };
}
