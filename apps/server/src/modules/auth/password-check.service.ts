// The signed-in user proves their password again (reauth, password change, second e-mail, 2FA on or off).
import { REAUTH_MAX_AGE_MS, type OkResult } from '@aula/contracts';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../audit/audit.service.ts';
import { findPasswordHash, findSessionById, setSessionAuthAt } from './auth.repo.ts';
import { accountKeyOf, beginLoginAttempt } from './login-throttle.service.ts';
import { dummyHash, verifyPassword } from './passwords.ts';

/**
 * Throttled and counted like a sign-in, so a taken-over session cannot guess it; a wrong one is 403,
 * never 401 (the client signs out on 401).
 */
export async function confirmPassword(
  ctx: Ctx,
  password: string,
  purpose: 'reauth' | 'passwordChange' | 'secondaryEmail' | 'totpEnable' | 'totpDisable',
): Promise<void> {
  const { user } = ctx;
  if (!user) throw AppError.unauthorized();
  const attempt = await beginLoginAttempt(ctx, accountKeyOf(user.username), { device: null, signedIn: true });
  try {
    const passwordHash = await findPasswordHash(ctx.db, user.id);
    const ok = await verifyPassword(passwordHash ?? (await dummyHash()), password);
    if (!passwordHash || !ok) {
      await audit(ctx, 'login.failed', {
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
 * The one re-authentication check (SECURITY.md "Impersonation", decision 079): the session's user proved
 * it is them within the last 5 minutes. For a password session that is the sign-in or POST /api/login/reauth;
 * for a session from the school's identity provider it is when the provider says the person authenticated
 * (OIDC auth_time, SAML AuthnInstant), so a provider session that signed in silently does not count.
 * 401 auth.reauth_required otherwise (the client does not sign out on it).
 */
export function requireRecentSignIn(ctx: Ctx): void {
  const { session } = ctx;
  if (!ctx.user || !session) throw AppError.unauthorized();
  if (ctx.clock().getTime() - session.authAt.getTime() > REAUTH_MAX_AGE_MS)
    throw new AppError(401, 'auth.reauth_required');
}

/**
 * What decides how the signed-in user re-authenticates (GET /api/login/reauth): whether the account has a
 * password here, and which identity provider the session came from (null: a password sign-in).
 */
export async function reauthFacts(
  ctx: Ctx,
): Promise<{ hasPassword: boolean; ssoProvider: 'oidc' | 'saml' | null }> {
  const { user, session } = ctx;
  if (!user || !session) throw AppError.unauthorized();
  const [hash, row] = await Promise.all([
    findPasswordHash(ctx.db, user.id),
    findSessionById(ctx.db, ctx.schoolId, session.id),
  ]);
  const provider = row?.ssoProvider;
  return {
    hasPassword: hash !== null,
    ssoProvider: provider === 'oidc' || provider === 'saml' ? provider : null,
  };
}

/**
 * The signed-in user confirms a change to their sign-in: with the password when the account has one, and
 * only then; an account without one (signed in only through the school's identity provider) with a fresh
 * sign-in there instead (requireRecentSignIn). A missing password for an account that has one is a
 * validation error and counts nothing.
 */
export async function confirmPasswordOrSignIn(
  ctx: Ctx,
  password: string | undefined,
  purpose: 'totpEnable' | 'totpDisable',
): Promise<void> {
  const { user } = ctx;
  if (!user) throw AppError.unauthorized();
  if ((await findPasswordHash(ctx.db, user.id)) === null) return requireRecentSignIn(ctx);
  if (password === undefined)
    throw AppError.validation([{ path: 'password', code: 'required', message: 'the password' }]);
  await confirmPassword(ctx, password, purpose);
}

/**
 * POST /api/login/reauth: the caller proves their password again (impersonation needs it within
 * 5 minutes). A wrong one is 403, never 401 (the client signs out on 401), and counts as a failure.
 */
export async function reauth(ctx: Ctx, password: string): Promise<OkResult> {
  const { user, session } = ctx;
  if (!user || !session) throw AppError.unauthorized();
  // the impersonated user's password is not the superadmin's to prove
  if (session.impersonatorId !== null) throw new AppError(403, 'auth.not_while_impersonating');
  await confirmPassword(ctx, password, 'reauth');
  const now = ctx.clock();
  await setSessionAuthAt(ctx.db, session.id, now);
  session.authAt = now;
  await audit(ctx, 'login.reauth', { targetId: user.id });
  return { ok: true };
}
