// Sign-in's second factor, in auth (issue 33, decision 083): sign-in checks the code, and the TOTP module (the
// setup dialog, which asks auth for the password) sits above auth.
import type { Ctx } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { activeTotpContext, checkTotpCode, openTotpSeed } from '../../lib/totp-codes.ts';
import { audit } from '../audit/audit.service.ts';
import { acceptTotpStep, findTotpUser } from '../users/users.service.ts';

const LOGIN_ERRORS = {
  used: 'auth.code_used',
  expired: 'auth.code_expired',
  wrong: 'auth.wrong_code',
} as const;

/**
 * Sign-in's second factor: a user with TOTP must send a valid, unused code (401 auth.totp_missing,
 * auth.wrong_code, auth.code_expired, auth.code_used). Users without TOTP pass.
 */
export async function verifyLoginTotp(ctx: Ctx, userId: number, code: string | undefined): Promise<void> {
  const user = await findTotpUser(ctx.db, ctx.schoolId, userId);
  if (!user || user.totpSecret === null) return;
  if (!code) throw new AppError(401, 'auth.totp_missing');
  const seed = openTotpSeed(ctx.secretKey, user.totpSecret, activeTotpContext(user.id));
  // fail closed: a seed that does not open (lost or changed key) lets nobody in; an admin resets 2FA
  if (seed === null)
    throw new Error(`the TOTP seed of user ${user.id} cannot be opened with this secret key`);
  const check = await checkTotpCode(seed, code, ctx.clock(), user.totpLastStep);
  if (check.result === 'ok' && (await acceptTotpStep(ctx.db, user.id, user.totpSecret, check.step))) return;
  // a lost compare-and-set means a concurrent request spent this step first
  const reason = check.result === 'ok' ? 'used' : check.result;
  await audit(ctx, 'login.totp_failed', { targetId: user.id, details: { reason } });
  throw new AppError(401, LOGIN_ERRORS[reason]);
}
