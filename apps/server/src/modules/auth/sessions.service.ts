// The session lifecycle (spec 3.4, SECURITY.md "Sessions"): start, resume, refresh, end. Answers the
// tokens to set; the routes set the cookies (session-cookies.ts), and an ended session is a
// SessionEndedError, whose answer clears them.
import {
  ACCESS_TOKEN_TTL_MS,
  ACTIVITY_WRITE_MS,
  REFRESH_GRACE_MS,
  REFRESH_TOKEN_TTL_MS,
  type SessionResult,
} from '@aula/contracts';
import type { Ctx } from '../../context.ts';
import { transaction, type Db } from '../../db/index.ts';
import { AppError, SessionEndedError } from '../../lib/app-error.ts';
import { publishDomainEvent } from '../../lib/domain-events.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { audit } from '../audit/audit.service.ts';
import { publishSessionsEnded } from '../events/events.service.ts';
import { getUserInfo } from '../users/users.service.ts';
import {
  findSessionById,
  findSessionByRefreshHash,
  findSessionByUsedRefreshHash,
  insertSession,
  revokeSession,
  revokeSessionFamily,
  revokeSessionsOfUser,
  rotateSessionTokens,
  type EndedSession,
  type RefreshSession,
} from './auth.repo.ts';
import * as repo from './auth.repo.ts';

export { ACCESS_TOKEN_TTL_MS, REFRESH_TOKEN_TTL_MS };

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  accessExpiresAt: Date;
  refreshExpiresAt: Date;
}

/** The cookies a route sets: the tokens, and whether they go with the browser (logout_on_browser_close). */
export interface SessionCookies {
  tokens: IssuedTokens;
  browserSession: boolean;
}

/** A started or resumed session: its id, the spec 3.4 result, and the cookies to set. */
export interface SessionGrant extends SessionCookies {
  sessionId: number;
  result: SessionResult;
}

function issueTokens(now: Date, endsAt?: Date): IssuedTokens {
  const refreshExpiresAt = endsAt ?? new Date(now.getTime() + REFRESH_TOKEN_TTL_MS);
  const accessEnd = now.getTime() + ACCESS_TOKEN_TTL_MS;
  return {
    accessToken: newToken(),
    refreshToken: newToken(),
    accessExpiresAt: new Date(Math.min(accessEnd, refreshExpiresAt.getTime())),
    refreshExpiresAt,
  };
}

async function sessionResult(
  ctx: Ctx,
  userId: number,
  tokens: IssuedTokens,
  impersonatorId: number | null = null,
): Promise<SessionResult> {
  return {
    access_token_expiration: tokens.accessExpiresAt.getTime(),
    refresh_token_expiration: tokens.refreshExpiresAt.getTime(),
    user: await getUserInfo(ctx.db, userId, { impersonatorId, refreshExpiresAt: tokens.refreshExpiresAt }),
  };
}

export interface NewSession {
  userId: number;
  /** the absolute end; one school day from now by default */
  endsAt?: Date;
  browserSession?: boolean;
  /** impersonation (spec 4.3): the real user, the session to return to, and why */
  impersonatorId?: number;
  parentSessionId?: number;
  impersonationReason?: string;
  /** signed in through the school's identity provider (decision 038) */
  ssoProvider?: 'oidc' | 'saml';
  /**
   * when the person last proved it is them (the re-authentication check); now by default. A session from
   * the provider takes the provider's word (decision 079: auth_time, AuthnInstant).
   */
  authAt?: Date;
}

/** Starts a session: stores the token hashes and answers the spec 3.4 result with the cookies to set. */
export async function startSession(ctx: Ctx, s: NewSession): Promise<SessionGrant> {
  const now = ctx.clock();
  const tokens = issueTokens(now, s.endsAt);
  const browserSession = s.browserSession ?? false;
  const sessionId = await insertSession(ctx.db, {
    schoolId: ctx.schoolId,
    userId: s.userId,
    familyId: newToken(),
    accessTokenHash: hashToken(tokens.accessToken),
    accessExpiresAt: tokens.accessExpiresAt,
    refreshTokenHash: hashToken(tokens.refreshToken),
    refreshExpiresAt: tokens.refreshExpiresAt,
    lastActivityAt: now,
    authAt: s.authAt ?? now,
    browserSession,
    impersonatorId: s.impersonatorId ?? null,
    parentSessionId: s.parentSessionId ?? null,
    impersonationReason: s.impersonationReason ?? null,
    userAgent: ctx.request?.userAgent?.slice(0, 300) ?? null,
    ssoProvider: s.ssoProvider ?? null,
  });
  const result = await sessionResult(ctx, s.userId, tokens, s.impersonatorId ?? null);
  return { sessionId, result, tokens, browserSession };
}

/**
 * Hands an existing, still valid session new tokens (stopping an impersonation returns to the
 * superadmin's own session, spec 4.3). Null when it has ended.
 */
export async function resumeSession(ctx: Ctx, sessionId: number): Promise<SessionGrant | null> {
  const now = ctx.clock();
  const session = await findSessionById(ctx.db, ctx.schoolId, sessionId);
  if (!session || session.revokedAt || session.refreshExpiresAt <= now) return null;
  const tokens = issueTokens(now, session.refreshExpiresAt);
  const rotated = await rotateSessionTokens(ctx.db, session, session.refreshTokenHash, now, {
    accessTokenHash: hashToken(tokens.accessToken),
    accessExpiresAt: tokens.accessExpiresAt,
    refreshTokenHash: hashToken(tokens.refreshToken),
    refreshExpiresAt: session.refreshExpiresAt,
    // the time spent impersonating was the superadmin's activity: the idle limit must not end them on return
    lastActivityAt: now,
  });
  if (!rotated) return null;
  const result = await sessionResult(ctx, session.userId, tokens, session.impersonatorId);
  return { sessionId, result, tokens, browserSession: session.browserSession };
}

/**
 * Ends sessions and, in the same transaction, tells their open tabs (session.end on the event stream, which
 * then closes: decision 071) and publishes session.ended (push removes their devices). Answers how many ended.
 */
async function endSessions(
  ctx: Ctx,
  reason: string,
  revoke: (tx: Db, now: Date) => Promise<EndedSession[]>,
): Promise<number> {
  const now = ctx.clock();
  return transaction(ctx.db, async (tx) => {
    const ended = await revoke(tx, now);
    await publishSessionsEnded(tx, ctx.schoolId, ended, reason, now);
    await publishDomainEvent(tx, ctx, 'session.ended', { sessionIds: ended.map((s) => s.id), reason });
    return ended.length;
  });
}

/** Ends every live session of a user at once; the next request of each answers 418 (SECURITY.md). */
export async function revokeUserSessions(
  ctx: Ctx,
  userId: number,
  reason: 'password' | 'reset' | 'totp' | 'blocked' | 'reuse' | 'admin',
  opts: { exceptCurrent?: boolean } = {},
): Promise<number> {
  const except = opts.exceptCurrent ? ctx.session?.id : undefined;
  return endSessions(ctx, reason, async (tx, now) => {
    const ended = await revokeSessionsOfUser(tx, userId, now, reason, except);
    await publishDomainEvent(tx, ctx, 'user.sessions_revoked', {
      userId,
      ...(except !== undefined ? { exceptSessionId: except } : {}),
      reason,
    });
    return ended;
  });
}

/** Ends a session (and its family) that is not the caller's: the identity provider's single logout names it. */
export async function endSessionFamily(ctx: Ctx, sessionId: number, reason: string): Promise<number> {
  return endSessions(ctx, reason, (tx, now) => revokeSessionFamily(tx, sessionId, now, reason));
}

/** Signing in again in this browser replaces its cookies: the session they named ends, it is not orphaned. */
export async function endReplacedSession(ctx: Ctx): Promise<void> {
  const session = ctx.session;
  if (session) await endSessionFamily(ctx, session.id, 'replaced');
}

/** Stored activity lags real activity by up to ACTIVITY_WRITE_MS: allow that much, never end an active session. */
export function idleExpired(lastActivityAt: Date, idleMs: number, now: Date): boolean {
  return idleMs > 0 && now.getTime() - lastActivityAt.getTime() > idleMs + ACTIVITY_WRITE_MS;
}

export async function endIdleSession(
  ctx: Ctx,
  session: { id: number; userId: number },
  now: Date,
): Promise<void> {
  const ended = await endSessions(ctx, 'idle', async (tx) =>
    (await revokeSession(tx, session.id, now, 'idle')) ? [{ id: session.id, userId: session.userId }] : [],
  );
  if (ended > 0)
    await audit(ctx, 'session.idle_timeout', {
      actorId: session.userId,
      targetId: session.userId,
      details: { sessionId: session.id },
    });
}

/** Revoked (418), blocked (revoked now, 418) or idle too long (revoked now, 418); else nothing. */
async function assertRefreshable(ctx: Ctx, session: RefreshSession, now: Date): Promise<void> {
  if (session.revokedAt) throw new SessionEndedError();
  if (session.userBlocked) {
    await revokeSession(ctx.db, session.id, now, 'blocked');
    throw new SessionEndedError();
  }
  const { idleMs } = await ctx.sessionSettings(ctx.schoolId);
  if (idleExpired(session.lastActivityAt, idleMs, now)) {
    await endIdleSession(ctx, session, now);
    throw new SessionEndedError();
  }
}

/** A refresh's answer: the session's state, and the cookies to set (none for a tab that lost a race). */
export interface Refreshed {
  result: SessionResult;
  cookies: SessionCookies | null;
}

/**
 * POST /api/login/refresh: rotates both tokens of the presented refresh token. The absolute end never
 * moves. A rotated-away token is the reuse case (refreshWithUsedToken); an ended impersonation returns
 * to the superadmin's own session.
 */
export async function refresh(ctx: Ctx, presented: string | undefined): Promise<Refreshed> {
  const now = ctx.clock();
  if (!presented) throw AppError.unauthorized();
  const oldHash = hashToken(presented);
  const session = await findSessionByRefreshHash(ctx.db, ctx.schoolId, oldHash);
  if (!session) return refreshWithUsedToken(ctx, oldHash, now);
  await assertRefreshable(ctx, session, now);
  if (session.refreshExpiresAt <= now) {
    if (session.impersonatorId !== null) return endExpiredImpersonation(ctx, session, now);
    throw new SessionEndedError(401);
  }
  const tokens = issueTokens(now, session.refreshExpiresAt);
  const rotated = await rotateSessionTokens(
    ctx.db,
    { id: session.id, schoolId: ctx.schoolId },
    oldHash,
    now,
    {
      accessTokenHash: hashToken(tokens.accessToken),
      accessExpiresAt: tokens.accessExpiresAt,
      refreshTokenHash: hashToken(tokens.refreshToken),
      refreshExpiresAt: session.refreshExpiresAt,
    },
  );
  // a concurrent refresh with the same token won: this one is now its immediate predecessor
  if (!rotated) return refreshWithUsedToken(ctx, oldHash, now);
  return {
    result: await sessionResult(ctx, session.userId, tokens, session.impersonatorId),
    cookies: { tokens, browserSession: session.browserSession },
  };
}

/**
 * SECURITY.md: the immediate predecessor within REFRESH_GRACE_MS (tabs refreshing together) gets the
 * session's current state and no cookies, since the browser already holds the winner's; any other used
 * token means a copy is in other hands: the whole family ends, audited, 418.
 */
async function refreshWithUsedToken(ctx: Ctx, tokenHash: string, now: Date): Promise<Refreshed> {
  const session = await findSessionByUsedRefreshHash(ctx.db, ctx.schoolId, tokenHash);
  if (!session) throw new SessionEndedError(401);
  await assertRefreshable(ctx, session, now);
  const inGrace =
    session.previousRefreshHash === tokenHash &&
    session.rotatedAt !== null &&
    now.getTime() - session.rotatedAt.getTime() <= REFRESH_GRACE_MS &&
    session.refreshExpiresAt > now;
  if (inGrace) {
    const result = {
      access_token_expiration: session.accessExpiresAt.getTime(),
      refresh_token_expiration: session.refreshExpiresAt.getTime(),
      user: await getUserInfo(ctx.db, session.userId, session),
    };
    return { result, cookies: null };
  }
  await endSessionFamily(ctx, session.id, 'reuse');
  await audit(ctx, 'session.refresh_reuse', {
    actorId: null,
    targetId: session.userId,
    details: { sessionId: session.id },
  });
  throw new SessionEndedError();
}

/** An impersonation past its limit (spec 4.3): it ends, audited, and the superadmin's own session resumes. */
async function endExpiredImpersonation(ctx: Ctx, session: RefreshSession, now: Date): Promise<Refreshed> {
  // two tabs may both see the end: only the one that ended it resumes the parent
  if (!(await revokeSession(ctx.db, session.id, now, 'impersonation-expired'))) throw AppError.unauthorized();
  await audit(ctx, 'impersonation.expired', {
    actorId: session.impersonatorId,
    targetId: session.userId,
    details: { sessionId: session.id },
  });
  const resumed = session.parentSessionId !== null ? await resumeSession(ctx, session.parentSessionId) : null;
  if (!resumed) throw new SessionEndedError(401);
  return { result: resumed.result, cookies: resumed };
}

/**
 * POST /api/logout: ends the caller's session, or the one the presented refresh token names (after the
 * access token has expired only the refresh cookie still names it). Answers which identity provider the
 * ended session came from (null: a password sign-in), so the route can add that provider's logout
 * address for a hidden frame (spec 4.1). The route clears the cookies.
 */
export async function logout(
  ctx: Ctx,
  presentedRefresh: string | undefined,
): Promise<{ ssoProvider: 'oidc' | 'saml' | null; sessionId: number | null }> {
  const byRefresh = presentedRefresh
    ? await findSessionByRefreshHash(ctx.db, ctx.schoolId, hashToken(presentedRefresh))
    : null;
  const sessionId = ctx.session?.id ?? byRefresh?.id ?? null;
  // signing out ends the person's whole sign-in: an impersonation and the superadmin's own session behind it
  const parentId = ctx.session?.parentSessionId ?? byRefresh?.parentSessionId ?? null;
  let ssoProvider: 'oidc' | 'saml' | null = null;
  if (sessionId !== null) {
    const ending = await findSessionById(ctx.db, ctx.schoolId, sessionId);
    if (ending && !ending.revokedAt) ssoProvider = ending.ssoProvider as 'oidc' | 'saml' | null;
    // the other tabs of this sign-in hear it (session.end) and sign out too
    const ended = await endSessionFamily(ctx, sessionId, 'logout');
    if (parentId !== null) await endSessionFamily(ctx, parentId, 'logout');
    if (ended > 0) await audit(ctx, 'logout', { targetId: ctx.user?.id ?? byRefresh?.userId ?? null });
  }
  return { ssoProvider, sessionId: ssoProvider ? sessionId : null };
}

// Writes to the sessions table for other modules (docs/ARCHITECTURE.md "Tables and their owners"): each takes the
// database or the caller's transaction first.

/** Ends an impersonation session (spec 4.3 stop); false when it had already ended. */
export function endImpersonationSession(db: Db, sessionId: number, now: Date): Promise<boolean> {
  return repo.endImpersonationSession(db, sessionId, now);
}

/** Writes many sessions' last-seen times (the presence flush). */
export function writeLastSeen(db: Db, entries: { sessionId: number; at: Date }[]): Promise<void> {
  return repo.writeLastSeen(db, entries);
}
