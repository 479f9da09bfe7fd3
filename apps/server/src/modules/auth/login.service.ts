import type { ErrorCode, LoginRequest } from '@aula/contracts';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../audit/audit.service.ts';
import { setPasswordHash } from '../users/users.service.ts';
import { findUserForLogin } from './auth.repo.ts';
import { endReplacedSession, startSession, type SessionGrant } from './sessions.service.ts';
import { openDeviceCookie, sealDeviceCookie, trustedDeviceFor, withAccount } from './device-cookie.ts';
import { accountKeyOf, beginLoginAttempt } from './login-throttle.service.ts';
import { verifyLoginTotp } from './login-totp.service.ts';
import { dummyHash, hashPassword, needsRehash, verifyPassword } from './passwords.ts';

// Signing in with a password (and a second factor), apart from the session lifecycle in sessions.service.ts:
// the TOTP module uses that lifecycle, and sign-in uses TOTP, so keeping both in one file made a circle.

// TOTP answers that are a wrong guess; "code missing" only asks for the second step
const TOTP_FAILURES = new Set<ErrorCode>(['auth.wrong_code', 'auth.code_expired', 'auth.code_used']);

/** A sign-in's session, and the browser's device cookie renewed with this account (decision 074). */
export interface LoginGrant extends SessionGrant {
  deviceCookie: string;
}

/**
 * POST /api/login: the same answer for an unknown user and a wrong password, in status, body, headers and
 * time (a dummy verify). Locks and floods answer before the password is checked (login-throttle.service.ts);
 * `deviceCookie` is the browser's device cookie as sent, which exempts the accounts it names.
 */
export async function login(ctx: Ctx, body: LoginRequest, deviceCookie?: string): Promise<LoginGrant> {
  const { db } = ctx;
  const user = await findUserForLogin(db, ctx.schoolId, body.username);
  const device = openDeviceCookie(ctx.secretKey, deviceCookie, ctx.clock().getTime());
  const attempt = await beginLoginAttempt(ctx, accountKeyOf(body.username), {
    device: user ? trustedDeviceFor(device, ctx.secretKey, ctx.schoolId, user.id) : null,
    altcha: body.altcha,
  });
  try {
    const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash()), body.password);
    if (!user || !user.passwordHash || !ok) {
      // the typed name only when the account exists: a password typed into the name field stays out of the log
      await audit(ctx, 'login.failed', {
        targetId: user?.id ?? null,
        details: user ? { username: user.username } : { unknownAccount: true },
      });
      await attempt.fail(user?.id ?? null);
      throw new AppError(401, 'auth.wrong_password');
    }
    if (user.blocked) {
      await audit(ctx, 'login.blocked', { targetId: user.id });
      throw new AppError(403, 'auth.account_disabled');
    }
    try {
      await verifyLoginTotp(ctx, user.id, body.totp);
    } catch (err) {
      // SECURITY.md: wrong TOTP codes count toward the lock like wrong passwords
      // (verifyLoginTotp audits login.totp_failed itself)
      if (err instanceof AppError && TOTP_FAILURES.has(err.code)) await attempt.fail(user.id);
      throw err;
    }
  } finally {
    await attempt.end();
  }
  if (needsRehash(user.passwordHash)) await setPasswordHash(db, user.id, await hashPassword(body.password));
  await endReplacedSession(ctx);
  const { browserSession } = await ctx.sessionSettings(ctx.schoolId);
  const grant = await startSession(ctx, { userId: user.id, browserSession });
  await audit(ctx, 'login.success', { actorId: user.id, targetId: user.id });
  const renewed = withAccount(device, ctx.secretKey, ctx.schoolId, user.id, ctx.clock().getTime());
  return { ...grant, deviceCookie: sealDeviceCookie(ctx.secretKey, renewed) };
}
