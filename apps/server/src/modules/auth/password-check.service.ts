// The signed-in user proves their password again (reauth, password change, second e-mail, 2FA on or off).
import type { OkResult } from '@aula/contracts';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../audit/audit.service.ts';
import { findPasswordHash, setSessionAuthAt } from './auth.repo.ts';
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
