import QRCode from 'qrcode';
import { hasRole, TOTP_PENDING_TTL_MS, type OkResult, type TotpSetup } from '@aula/contracts';
import { requireCaller, type Ctx } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../audit/audit.service.ts';
import { confirmPasswordOrSignIn } from '../auth/password-check.service.ts';
import { revokeUserSessions } from '../auth/sessions.service.ts';
import { configValues } from '../config/config.service.ts';
import {
  activeTotpContext,
  checkTotpCode,
  newTotpSeed,
  openTotpSeed,
  pendingTotpContext,
  sealTotpSeed,
  totpUri,
} from '../../lib/totp-codes.ts';
import {
  activatePendingTotpSecret,
  clearTotp,
  ensurePendingTotpSecret,
  findTotpUser,
  setPendingTotpSecret,
} from '../users/users.service.ts';

const activeContext = activeTotpContext;
const pendingContext = pendingTotpContext;

function seal(ctx: Ctx, seed: string, context: string): string {
  return sealTotpSeed(ctx.secretKey, seed, context);
}

function open(ctx: Ctx, sealed: string, context: string): string | null {
  return openTotpSeed(ctx.secretKey, sealed, context);
}

/** The signed-in user's own 2FA row: never while impersonating (SECURITY.md "Impersonation"). */
async function ownTotp(ctx: Ctx) {
  const caller = requireCaller(ctx, { notWhileImpersonating: 'auth.not_while_impersonating' });
  const row = await findTotpUser(ctx.db, ctx.schoolId, caller.id);
  if (!row) throw AppError.unauthorized();
  return row;
}

/** spec 5: teachers always see 2FA setup; students unless hide_2fa_students is set. */
async function assertSetupShown(ctx: Ctx): Promise<void> {
  if (hasRole(ctx.user, 'teacher')) return;
  const { hide_2fa_students } = await configValues(ctx, ['hide_2fa_students']);
  if (hide_2fa_students === 'true') throw AppError.forbidden();
}

async function qrDataUrl(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}

/**
 * GET /api/totp/code: the pending seed for the setup dialog. The first call creates it, later calls
 * show the same one until it is verified or 2FA is turned off (docs/decisions/027-totp-and-user-admin.md).
 */
export async function startTotpSetup(ctx: Ctx): Promise<TotpSetup> {
  const user = await ownTotp(ctx);
  await assertSetupShown(ctx);
  // replacing an active seed goes through DELETE with the password first
  if (user.totpSecret !== null) throw AppError.forbidden();
  const context = pendingContext(user.id);
  const db = ctx.db;
  const now = ctx.clock();
  const staleBefore = new Date(now.getTime() - TOTP_PENDING_TTL_MS);
  let sealed = await ensurePendingTotpSecret(
    db,
    user.id,
    seal(ctx, newTotpSeed(), context),
    now,
    staleBefore,
  );
  let seed = sealed === null ? null : open(ctx, sealed, context);
  if (seed === null) {
    // a pending seed under a lost key is worthless: start over
    seed = newTotpSeed();
    sealed = seal(ctx, seed, context);
    await setPendingTotpSecret(db, user.id, sealed, now);
  }
  const uri = totpUri(user.username, seed);
  return { secret: seed, uri, qr: await qrDataUrl(uri) };
}

/**
 * POST /api/totp/code/verify: a matching code and the password activate the pending seed and end the
 * other sessions. The password keeps a taken-over session from locking the owner out with its own seed;
 * an account without one proves it with a fresh sign-in at its provider instead (decision 079), checked
 * first, so a stale session learns nothing about the code.
 */
export async function verifyTotpSetup(
  ctx: Ctx,
  code: string,
  password: string | undefined,
): Promise<OkResult> {
  const user = await ownTotp(ctx);
  await assertSetupShown(ctx);
  if (user.passwordHash === null) await confirmPasswordOrSignIn(ctx, password, 'totpEnable');
  const pending = user.totpPendingSecret;
  const seed = pending === null ? null : open(ctx, pending, pendingContext(user.id));
  const fresh =
    user.totpPendingAt !== null &&
    ctx.clock().getTime() - user.totpPendingAt.getTime() <= TOTP_PENDING_TTL_MS;
  if (pending === null || seed === null || !fresh) throw new AppError(400, 'auth.totp_not_pending');
  const check = await checkTotpCode(seed, code, ctx.clock(), null);
  if (check.result === 'expired') throw new AppError(400, 'auth.code_expired');
  // 400, not 401: the client signs out on a 401 from a call that needs a session
  if (check.result !== 'ok') throw new AppError(400, 'auth.wrong_code');
  if (user.passwordHash !== null) await confirmPasswordOrSignIn(ctx, password, 'totpEnable');
  const active = seal(ctx, seed, activeContext(user.id));
  // the code that activated the seed counts as used: it cannot sign in a second time
  const activated = await activatePendingTotpSecret(ctx.db, user.id, pending, active, check.step);
  if (!activated) throw new AppError(400, 'auth.totp_not_pending');
  await revokeUserSessions(ctx, user.id, 'totp', { exceptCurrent: true });
  await audit(ctx, 'totp.enable', { targetId: user.id });
  return { ok: true };
}

/**
 * DELETE /api/totp/code: turning 2FA off needs the password (without one, a fresh provider sign-in); ends
 * the other sessions.
 */
export async function disableTotp(ctx: Ctx, password: string | undefined): Promise<OkResult> {
  const user = await ownTotp(ctx);
  await confirmPasswordOrSignIn(ctx, password, 'totpDisable');
  await clearTotp(ctx.db, ctx.schoolId, user.id);
  if (user.totpSecret !== null) {
    await revokeUserSessions(ctx, user.id, 'totp', { exceptCurrent: true });
    await audit(ctx, 'totp.disable', { targetId: user.id });
  }
  return { ok: true };
}

/** An admin's 2FA reset (DELETE /api/users/:id/totp): seeds and last step cleared, every session ended. */
export async function resetTotpOf(ctx: Ctx, userId: number): Promise<void> {
  await clearTotp(ctx.db, ctx.schoolId, userId);
  await revokeUserSessions(ctx, userId, 'totp');
}
