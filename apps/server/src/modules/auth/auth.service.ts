import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LoginRequest, SessionResult } from '@aula/contracts';
import { AppError } from '../../lib/app-error.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { audit } from '../audit/audit.service.ts';
import { getUserInfo } from '../users/users.service.ts';
import {
  findSessionByAccessHash,
  findSessionByRefreshHash,
  findUserForLogin,
  insertSession,
  revokeSession,
  rotateSessionTokens,
  updatePasswordHash,
} from './auth.repo.ts';
import { dummyHash, hashPassword, needsRehash, verifyPassword } from './passwords.ts';

export const ACCESS_TOKEN_TTL_MS = 15 * 60_000;
export const REFRESH_TOKEN_TTL_MS = 12 * 60 * 60_000; // one school day (docs/decisions/003-session-cookies.md)

interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  accessExpiresAt: Date;
  refreshExpiresAt: Date;
}

function issueTokens(now: Date): IssuedTokens {
  return {
    accessToken: newToken(),
    refreshToken: newToken(),
    accessExpiresAt: new Date(now.getTime() + ACCESS_TOKEN_TTL_MS),
    refreshExpiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS),
  };
}

function setSessionCookies(req: FastifyRequest, reply: FastifyReply, tokens: IssuedTokens): void {
  const { cookieNames, secureCookies } = req.server;
  const base = { httpOnly: true, sameSite: 'lax', secure: secureCookies, path: '/' } as const;
  reply.setCookie(cookieNames.access, tokens.accessToken, { ...base, expires: tokens.refreshExpiresAt });
  reply.setCookie(cookieNames.refresh, tokens.refreshToken, { ...base, expires: tokens.refreshExpiresAt });
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
): Promise<SessionResult> {
  return {
    access_token_expiration: tokens.accessExpiresAt.getTime(),
    refresh_token_expiration: tokens.refreshExpiresAt.getTime(),
    user: await getUserInfo(req.server.db, userId),
  };
}

/** POST /api/login: the same answer for an unknown user and a wrong password, in status, body and time. */
export async function login(
  req: FastifyRequest,
  reply: FastifyReply,
  body: LoginRequest,
): Promise<SessionResult> {
  const { db } = req.server;
  const now = req.server.clock();
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
  if (needsRehash(user.passwordHash))
    await updatePasswordHash(db, user.id, await hashPassword(body.password));
  const tokens = issueTokens(now);
  await insertSession(db, {
    schoolId: req.schoolId,
    userId: user.id,
    familyId: newToken(),
    accessTokenHash: hashToken(tokens.accessToken),
    accessExpiresAt: tokens.accessExpiresAt,
    refreshTokenHash: hashToken(tokens.refreshToken),
    refreshExpiresAt: tokens.refreshExpiresAt,
    userAgent: req.headers['user-agent']?.slice(0, 300) ?? null,
  });
  setSessionCookies(req, reply, tokens);
  await audit(req, 'login.success', { actorId: user.id, targetId: user.id });
  return sessionResult(req, user.id, tokens);
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
}
