import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ACCESS_TOKEN_TTL_MS,
  ACTIVITY_WRITE_MS,
  REFRESH_GRACE_MS,
  REFRESH_TOKEN_TTL_MS,
  type OkResult,
  type SessionResult,
} from '@aula/contracts';
import type { Db } from '../../db/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { audit } from '../audit/audit.service.ts';
import { getUserInfo } from '../users/users.service.ts';
import {
  findPasswordHash,
  findSessionByAccessHash,
  findSessionOnlyByAccessHash,
  findSessionById,
  findSessionByRefreshHash,
  findSessionByUsedRefreshHash,
  insertSession,
  revokeSession,
  revokeSessionFamily,
  revokeSessionsOfUser,
  rotateSessionTokens,
  setSessionAuthAt,
  touchSessionActivity,
  type ActiveSession,
  type RefreshSession,
} from './auth.repo.ts';
import * as repo from './auth.repo.ts';
import { accountKeyOf, beginLoginAttempt } from './login-throttle.service.ts';
import { dummyHash, verifyPassword } from './passwords.ts';

export { ACCESS_TOKEN_TTL_MS, REFRESH_TOKEN_TTL_MS };

interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  accessExpiresAt: Date;
  refreshExpiresAt: Date;
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

/** browserSession: cookies without an expiry, dropped when the browser closes (logout_on_browser_close). */
function setSessionCookies(
  req: FastifyRequest,
  reply: FastifyReply,
  tokens: IssuedTokens,
  browserSession = false,
): void {
  const { cookieNames, secureCookies } = req.server;
  const base = { httpOnly: true, sameSite: 'lax', secure: secureCookies, path: '/' } as const;
  const expires = browserSession ? undefined : tokens.refreshExpiresAt;
  reply.setCookie(cookieNames.access, tokens.accessToken, { ...base, expires });
  reply.setCookie(cookieNames.refresh, tokens.refreshToken, { ...base, expires });
}

export function clearSessionCookies(req: FastifyRequest, reply: FastifyReply): void {
  const { cookieNames, secureCookies } = req.server;
  for (const name of [cookieNames.access, cookieNames.refresh]) {
    reply.clearCookie(name, { httpOnly: true, sameSite: 'lax', secure: secureCookies, path: '/' });
  }
}

async function sessionResult(
  req: FastifyRequest,
  userId: number,
  tokens: IssuedTokens,
  impersonatorId: number | null = null,
): Promise<SessionResult> {
  return {
    access_token_expiration: tokens.accessExpiresAt.getTime(),
    refresh_token_expiration: tokens.refreshExpiresAt.getTime(),
    user: await getUserInfo(req.server.db, userId, {
      impersonatorId,
      refreshExpiresAt: tokens.refreshExpiresAt,
    }),
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
}

/** Starts a session: stores the token hashes, sets the cookies, answers the spec 3.4 result. */
export async function startSession(
  req: FastifyRequest,
  reply: FastifyReply,
  s: NewSession,
): Promise<SessionResult> {
  return (await startSessionWithId(req, reply, s)).result;
}

/** startSession, also answering the new session's id (the sso module keeps the provider's session with it). */
export async function startSessionWithId(
  req: FastifyRequest,
  reply: FastifyReply,
  s: NewSession,
): Promise<{ sessionId: number; result: SessionResult }> {
  const now = req.server.clock();
  const tokens = issueTokens(now, s.endsAt);
  const sessionId = await insertSession(req.server.db, {
    schoolId: req.schoolId,
    userId: s.userId,
    familyId: newToken(),
    accessTokenHash: hashToken(tokens.accessToken),
    accessExpiresAt: tokens.accessExpiresAt,
    refreshTokenHash: hashToken(tokens.refreshToken),
    refreshExpiresAt: tokens.refreshExpiresAt,
    lastActivityAt: now,
    authAt: now,
    browserSession: s.browserSession ?? false,
    impersonatorId: s.impersonatorId ?? null,
    parentSessionId: s.parentSessionId ?? null,
    impersonationReason: s.impersonationReason ?? null,
    userAgent: req.headers['user-agent']?.slice(0, 300) ?? null,
    ssoProvider: s.ssoProvider ?? null,
  });
  setSessionCookies(req, reply, tokens, s.browserSession);
  return { sessionId, result: await sessionResult(req, s.userId, tokens, s.impersonatorId ?? null) };
}

/**
 * Hands an existing, still valid session new tokens and sets them as cookies (stopping an
 * impersonation returns to the superadmin's own session, spec 4.3). Null when it has ended.
 */
export async function resumeSession(
  req: FastifyRequest,
  reply: FastifyReply,
  sessionId: number,
): Promise<SessionResult | null> {
  const { db } = req.server;
  const now = req.server.clock();
  const session = await findSessionById(db, req.schoolId, sessionId);
  if (!session || session.revokedAt || session.refreshExpiresAt <= now) return null;
  const tokens = issueTokens(now, session.refreshExpiresAt);
  const rotated = await rotateSessionTokens(db, session, session.refreshTokenHash, now, {
    accessTokenHash: hashToken(tokens.accessToken),
    accessExpiresAt: tokens.accessExpiresAt,
    refreshTokenHash: hashToken(tokens.refreshToken),
    refreshExpiresAt: session.refreshExpiresAt,
    // the time spent impersonating was the superadmin's activity: the idle limit must not end them on return
    lastActivityAt: now,
  });
  if (!rotated) return null;
  setSessionCookies(req, reply, tokens, session.browserSession);
  return sessionResult(req, session.userId, tokens, session.impersonatorId);
}

/** Ends every live session of a user at once; the next request of each answers 418 (SECURITY.md). */
export async function revokeUserSessions(
  req: FastifyRequest,
  userId: number,
  reason: 'password' | 'reset' | 'totp' | 'blocked' | 'reuse' | 'admin',
  opts: { exceptCurrent?: boolean } = {},
): Promise<number> {
  return revokeSessionsOfUser(
    req.server.db,
    userId,
    req.server.clock(),
    reason,
    opts.exceptCurrent && req.sessionId !== null ? req.sessionId : undefined,
  );
}

/** Ends a session (and its family) that is not the caller's: the identity provider's single logout names it. */
export async function endSessionFamily(
  req: FastifyRequest,
  sessionId: number,
  reason: string,
): Promise<number> {
  return revokeSessionFamily(req.server.db, sessionId, req.server.clock(), reason);
}

/** Signing in again in this browser replaces its cookies: the session they named ends, it is not orphaned. */
export async function endReplacedSession(req: FastifyRequest): Promise<void> {
  if (req.sessionId !== null)
    await revokeSessionFamily(req.server.db, req.sessionId, req.server.clock(), 'replaced');
}

/** 418: the server ended this session; the cookies go, so every open tab signs out (SECURITY.md). */
function sessionEnded(req: FastifyRequest, reply: FastifyReply): AppError {
  clearSessionCookies(req, reply);
  return new AppError(418, 'auth.session_revoked');
}

/** Stored activity lags real activity by up to ACTIVITY_WRITE_MS: allow that much, never end an active session. */
function idleExpired(lastActivityAt: Date, idleMs: number, now: Date): boolean {
  return idleMs > 0 && now.getTime() - lastActivityAt.getTime() > idleMs + ACTIVITY_WRITE_MS;
}

async function endIdleSession(
  req: FastifyRequest,
  session: { id: number; userId: number },
  now: Date,
): Promise<void> {
  if (await revokeSession(req.server.db, session.id, now, 'idle'))
    await audit(req, 'session.idle_timeout', {
      actorId: session.userId,
      targetId: session.userId,
      details: { sessionId: session.id },
    });
}

/** Revoked (418), blocked (revoked now, 418) or idle too long (revoked now, 418); else nothing. */
async function assertRefreshable(
  req: FastifyRequest,
  reply: FastifyReply,
  session: RefreshSession,
  now: Date,
): Promise<void> {
  if (session.revokedAt) throw sessionEnded(req, reply);
  if (session.userBlocked) {
    await revokeSession(req.server.db, session.id, now, 'blocked');
    throw sessionEnded(req, reply);
  }
  const { idleMs } = await req.server.sessionSettings(req.schoolId);
  if (idleExpired(session.lastActivityAt, idleMs, now)) {
    await endIdleSession(req, session, now);
    throw sessionEnded(req, reply);
  }
}

/**
 * POST /api/login/refresh: rotates both tokens, reading the refresh cookie. The absolute end never moves.
 * A rotated-away token is the reuse case (refreshWithUsedToken); an ended impersonation returns to the
 * superadmin's own session.
 */
export async function refresh(req: FastifyRequest, reply: FastifyReply): Promise<SessionResult> {
  const { db } = req.server;
  const now = req.server.clock();
  const presented = req.cookies[req.server.cookieNames.refresh];
  if (!presented) throw AppError.unauthorized();
  const oldHash = hashToken(presented);
  const session = await findSessionByRefreshHash(db, req.schoolId, oldHash);
  if (!session) return refreshWithUsedToken(req, reply, oldHash, now);
  await assertRefreshable(req, reply, session, now);
  if (session.refreshExpiresAt <= now) {
    if (session.impersonatorId !== null) return endExpiredImpersonation(req, reply, session, now);
    clearSessionCookies(req, reply);
    throw AppError.unauthorized();
  }
  const tokens = issueTokens(now, session.refreshExpiresAt);
  const rotated = await rotateSessionTokens(db, { id: session.id, schoolId: req.schoolId }, oldHash, now, {
    accessTokenHash: hashToken(tokens.accessToken),
    accessExpiresAt: tokens.accessExpiresAt,
    refreshTokenHash: hashToken(tokens.refreshToken),
    refreshExpiresAt: session.refreshExpiresAt,
  });
  // a concurrent refresh with the same token won: this one is now its immediate predecessor
  if (!rotated) return refreshWithUsedToken(req, reply, oldHash, now);
  setSessionCookies(req, reply, tokens, session.browserSession);
  return sessionResult(req, session.userId, tokens, session.impersonatorId);
}

/**
 * SECURITY.md: the immediate predecessor within REFRESH_GRACE_MS (tabs refreshing together) gets the
 * session's current state and no cookies, since the browser already holds the winner's; any other used
 * token means a copy is in other hands: the whole family ends, audited, 418.
 */
async function refreshWithUsedToken(
  req: FastifyRequest,
  reply: FastifyReply,
  tokenHash: string,
  now: Date,
): Promise<SessionResult> {
  const session = await findSessionByUsedRefreshHash(req.server.db, req.schoolId, tokenHash);
  if (!session) {
    clearSessionCookies(req, reply);
    throw AppError.unauthorized();
  }
  await assertRefreshable(req, reply, session, now);
  const inGrace =
    session.previousRefreshHash === tokenHash &&
    session.rotatedAt !== null &&
    now.getTime() - session.rotatedAt.getTime() <= REFRESH_GRACE_MS &&
    session.refreshExpiresAt > now;
  if (inGrace) {
    return {
      access_token_expiration: session.accessExpiresAt.getTime(),
      refresh_token_expiration: session.refreshExpiresAt.getTime(),
      user: await getUserInfo(req.server.db, session.userId, session),
    };
  }
  await revokeSessionFamily(req.server.db, session.id, now, 'reuse');
  await audit(req, 'session.refresh_reuse', {
    actorId: null,
    targetId: session.userId,
    details: { sessionId: session.id },
  });
  throw sessionEnded(req, reply);
}

/** An impersonation past its limit (spec 4.3): it ends, audited, and the superadmin's own session resumes. */
async function endExpiredImpersonation(
  req: FastifyRequest,
  reply: FastifyReply,
  session: RefreshSession,
  now: Date,
): Promise<SessionResult> {
  // two tabs may both see the end: only the one that ended it resumes the parent
  if (!(await revokeSession(req.server.db, session.id, now, 'impersonation-expired')))
    throw AppError.unauthorized();
  await audit(req, 'impersonation.expired', {
    actorId: session.impersonatorId,
    targetId: session.userId,
    details: { sessionId: session.id },
  });
  const resumed =
    session.parentSessionId !== null ? await resumeSession(req, reply, session.parentSessionId) : null;
  if (!resumed) {
    clearSessionCookies(req, reply);
    throw AppError.unauthorized();
  }
  return resumed;
}

/**
 * POST /api/logout. Answers which identity provider the ended session came from (null: a password
 * sign-in), so the route can add that provider's logout address for a hidden frame (spec 4.1).
 */
export async function logout(
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<{ ssoProvider: 'oidc' | 'saml' | null; sessionId: number | null }> {
  // After the access token has expired only the refresh cookie still names the session: revoke it too.
  const refreshToken = req.cookies[req.server.cookieNames.refresh];
  const byRefresh = refreshToken
    ? await findSessionByRefreshHash(req.server.db, req.schoolId, hashToken(refreshToken))
    : null;
  const sessionId = req.sessionId ?? byRefresh?.id ?? null;
  // signing out ends the person's whole sign-in: an impersonation and the superadmin's own session behind it
  const parentId = req.session?.parentSessionId ?? byRefresh?.parentSessionId ?? null;
  const now = req.server.clock();
  let ssoProvider: 'oidc' | 'saml' | null = null;
  if (sessionId !== null) {
    const ending = await findSessionById(req.server.db, req.schoolId, sessionId);
    if (ending && !ending.revokedAt) ssoProvider = ending.ssoProvider as 'oidc' | 'saml' | null;
    const ended = await revokeSessionFamily(req.server.db, sessionId, now, 'logout');
    if (parentId !== null) await revokeSessionFamily(req.server.db, parentId, now, 'logout');
    if (ended > 0) await audit(req, 'logout', { targetId: req.user?.id ?? byRefresh?.userId ?? null });
  }
  clearSessionCookies(req, reply);
  return { ssoProvider, sessionId: ssoProvider ? sessionId : null };
}

/**
 * The signed-in user proves their password (reauth, password change, second e-mail, turning 2FA off):
 * throttled and counted like a sign-in, so a taken-over session cannot guess it; a wrong one is 403,
 * never 401 (the client signs out on 401).
 */
export async function confirmPassword(
  req: FastifyRequest,
  password: string,
  purpose: 'reauth' | 'passwordChange' | 'secondaryEmail' | 'totpEnable' | 'totpDisable',
): Promise<void> {
  const { user } = req;
  if (!user) throw AppError.unauthorized();
  const attempt = await beginLoginAttempt(req, accountKeyOf(user.username));
  try {
    const passwordHash = await findPasswordHash(req.server.db, user.id);
    const ok = await verifyPassword(passwordHash ?? (await dummyHash()), password);
    if (!passwordHash || !ok) {
      await audit(req, 'login.failed', {
        targetId: user.id,
        details: { username: user.username, [purpose]: true },
      });
      await attempt.fail(user.id);
      throw new AppError(403, 'auth.wrong_password');
    }
  } finally {
    await attempt.end();
  }
}

/**
 * POST /api/login/reauth: the caller proves their password again (impersonation needs it within
 * 5 minutes). A wrong one is 403, never 401 (the client signs out on 401), and counts as a failure.
 */
export async function reauth(req: FastifyRequest, password: string): Promise<OkResult> {
  const { user, session } = req;
  if (!user || !session) throw AppError.unauthorized();
  // the impersonated user's password is not the superadmin's to prove
  if (session.impersonatorId !== null) throw new AppError(403, 'auth.not_while_impersonating');
  await confirmPassword(req, password, 'reauth');
  const now = req.server.clock();
  await setSessionAuthAt(req.server.db, session.id, now);
  session.authAt = now;
  await audit(req, 'login.reauth', { targetId: user.id });
  return { ok: true };
}

// Presence and session upkeep are not user activity (SECURITY.md: pings and refreshes are not activity).
const NOT_ACTIVITY = new Set([
  'POST /api/users/alive',
  'POST /api/login/refresh',
  'GET /api/users/online',
  'POST /api/statistics',
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

/**
 * The session check of every request: one indexed read. An unknown, forged or merely expired access
 * token leaves the request anonymous; a session the server ended (revoked, user blocked, idle too long)
 * answers 418 and clears the cookies. Real activity is written at most once per ACTIVITY_WRITE_MS.
 */
export async function authenticate(
  req: FastifyRequest,
  reply: FastifyReply,
  routeKey: string,
  { sessionOnly = false }: { sessionOnly?: boolean } = {},
): Promise<void> {
  const token = req.cookies[req.server.cookieNames.access];
  if (!token) return;
  const { db } = req.server;
  const found = await readSession(db, req.schoolId, hashToken(token), sessionOnly);
  if (!found) return;
  const { session, user, signedInUser } = found;
  const now = req.server.clock();
  const { idleMs } = await req.server.sessionSettings(req.schoolId);
  const idle = idleExpired(session.lastActivityAt, idleMs, now);
  if (session.revokedAt || user.blocked || idle) {
    if (NO_SESSION_END_CHECK.has(routeKey)) return;
    if (session.revokedAt) throw sessionEnded(req, reply);
    if (user.blocked) await revokeSession(db, session.id, now, 'blocked');
    else await endIdleSession(req, { id: session.id, userId: user.id }, now);
    throw sessionEnded(req, reply);
  }
  if (session.accessExpiresAt <= now) return;
  const active: ActiveSession = {
    id: session.id,
    familyId: session.familyId,
    impersonatorId: session.impersonatorId,
    parentSessionId: session.parentSessionId,
    authAt: session.authAt,
    lastActivityAt: session.lastActivityAt,
    refreshExpiresAt: session.refreshExpiresAt,
  };
  req.user = signedInUser;
  req.sessionId = session.id;
  req.session = active;
  if (!NOT_ACTIVITY.has(routeKey) && now.getTime() - session.lastActivityAt.getTime() >= ACTIVITY_WRITE_MS) {
    await touchSessionActivity(db, session.id, now);
    active.lastActivityAt = now;
  }
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
