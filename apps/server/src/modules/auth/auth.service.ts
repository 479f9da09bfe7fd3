import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ACCESS_TOKEN_TTL_MS,
  REFRESH_TOKEN_TTL_MS,
  type LoginRequest,
  type SessionResult,
} from '@aula/contracts';
import { AppError } from '../../lib/app-error.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { audit } from '../audit/audit.service.ts';
import { verifyLoginTotp } from '../totp/totp.service.ts';
import { getUserInfo } from '../users/users.service.ts';
import {
  findSessionByAccessHash,
  findSessionById,
  findSessionByRefreshHash,
  findUserForLogin,
  insertSession,
  revokeSession,
  revokeSessionsOfUser,
  rotateSessionTokens,
  updatePasswordHash,
} from './auth.repo.ts';
import { dummyHash, hashPassword, needsRehash, verifyPassword } from './passwords.ts';

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
}

/** Starts a session: stores the token hashes, sets the cookies, answers the spec 3.4 result. */
export async function startSession(
  req: FastifyRequest,
  reply: FastifyReply,
  s: NewSession,
): Promise<SessionResult> {
  const now = req.server.clock();
  const tokens = issueTokens(now, s.endsAt);
  await insertSession(req.server.db, {
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
  });
  setSessionCookies(req, reply, tokens, s.browserSession);
  return sessionResult(req, s.userId, tokens, s.impersonatorId ?? null);
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
  const rotated = await rotateSessionTokens(db, session.id, session.refreshTokenHash, {
    accessTokenHash: hashToken(tokens.accessToken),
    accessExpiresAt: tokens.accessExpiresAt,
    refreshTokenHash: hashToken(tokens.refreshToken),
    refreshExpiresAt: session.refreshExpiresAt,
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

/** POST /api/login: the same answer for an unknown user and a wrong password, in status, body and time. */
export async function login(
  req: FastifyRequest,
  reply: FastifyReply,
  body: LoginRequest,
): Promise<SessionResult> {
  const { db } = req.server;
  const user = await findUserForLogin(db, req.schoolId, body.username);
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash()), body.password);
  if (!user || !user.passwordHash || !ok) {
    await audit(req, 'login.failed', {
      targetId: user?.id ?? null,
      details: { username: body.username.slice(0, 100) },
    });
    throw new AppError(401, 'auth.wrong_password');
  }
  if (user.blocked) {
    await audit(req, 'login.blocked', { targetId: user.id });
    throw new AppError(403, 'auth.account_disabled');
  }
  // TOTP (issue 5 item 8): a user with 2FA needs the code too; wrong codes count as failed sign-ins
  await verifyLoginTotp(req, user.id, body.totp);
  if (needsRehash(user.passwordHash))
    await updatePasswordHash(db, user.id, await hashPassword(body.password));
  const result = await startSession(req, reply, { userId: user.id });
  await audit(req, 'login.success', { actorId: user.id, targetId: user.id });
  return result;
}

/** POST /api/login/refresh: rotates both tokens, reading the refresh cookie. */
export async function refresh(req: FastifyRequest, reply: FastifyReply): Promise<SessionResult> {
  const { db } = req.server;
  const now = req.server.clock();
  const presented = req.cookies[req.server.cookieNames.refresh];
  if (!presented) throw AppError.unauthorized();
  const oldHash = hashToken(presented);
  const session = await findSessionByRefreshHash(db, req.schoolId, oldHash);
  if (!session || session.revokedAt || session.refreshExpiresAt <= now || session.userBlocked) {
    clearSessionCookies(req, reply);
    throw AppError.unauthorized();
  }
  const tokens = issueTokens(now);
  const rotated = await rotateSessionTokens(db, session.id, oldHash, {
    accessTokenHash: hashToken(tokens.accessToken),
    accessExpiresAt: tokens.accessExpiresAt,
    refreshTokenHash: hashToken(tokens.refreshToken),
    // the refresh lifetime is absolute: rotation never extends the session
    refreshExpiresAt: session.refreshExpiresAt,
  });
  if (!rotated) throw AppError.unauthorized();
  tokens.refreshExpiresAt = session.refreshExpiresAt;
  setSessionCookies(req, reply, tokens);
  return sessionResult(req, session.userId, tokens);
}

export async function logout(req: FastifyRequest, reply: FastifyReply): Promise<{ urls: string[] }> {
  // After the access token has expired only the refresh cookie still names the session: revoke it too.
  const refreshToken = req.cookies[req.server.cookieNames.refresh];
  const byRefresh = refreshToken
    ? await findSessionByRefreshHash(req.server.db, req.schoolId, hashToken(refreshToken))
    : null;
  const sessionId = req.sessionId ?? byRefresh?.id ?? null;
  if (sessionId !== null) {
    await revokeSession(req.server.db, sessionId, req.server.clock());
    await audit(req, 'logout', { targetId: req.user?.id ?? byRefresh?.userId ?? null });
  }
  clearSessionCookies(req, reply);
  return { urls: [] };
}

/** Reads the access cookie into req.user; an unknown, expired or forged token leaves the request anonymous. */
export async function authenticate(req: FastifyRequest): Promise<void> {
  const token = req.cookies[req.server.cookieNames.access];
  if (!token) return;
  const found = await findSessionByAccessHash(
    req.server.db,
    req.schoolId,
    hashToken(token),
    req.server.clock(),
  );
  if (!found) return;
  req.user = found.user;
  req.sessionId = found.sessionId;
  req.session = found.session;
}
