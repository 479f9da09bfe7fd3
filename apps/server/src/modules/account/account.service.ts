import { isEmail, type PasswordChange, type SecondaryEmail, type UserInfo } from '@aula/contracts';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../audit/audit.service.ts';
import { confirmPassword } from '../auth/password-check.service.ts';
import { revokeUserSessions } from '../auth/sessions.service.ts';
import { hashPassword } from '../auth/passwords.ts';
import {
  getUserInfo,
  setPassword,
  setSecondaryEmail,
  setSitePolicyAccepted,
  type UserInfoSession,
} from '../users/users.service.ts';
import { findAccountById } from './account.repo.ts';
import { assertPasswordAllowed } from './password-policy.service.ts';

function signedInUser(ctx: Ctx): number {
  if (!ctx.user) throw AppError.unauthorized();
  return ctx.user.id;
}

/** SECURITY.md "Impersonation": no password, 2FA or e-mail change while impersonating. */
function refuseWhileImpersonating(ctx: Ctx): void {
  if (ctx.session?.impersonatorId) throw new AppError(403, 'auth.not_while_impersonating');
}

function sessionOf(ctx: Ctx): UserInfoSession | undefined {
  return ctx.session
    ? { impersonatorId: ctx.session.impersonatorId, refreshExpiresAt: ctx.session.refreshExpiresAt }
    : undefined;
}

/**
 * POST /api/v2/password_changes: the old password proves it is the user (403, never 401, which would sign
 * the client out) and is throttled like a sign-in, so a taken-over session cannot guess it; every other
 * session of the user ends at once (SECURITY.md "Sessions").
 */
export async function changePassword(ctx: Ctx, body: PasswordChange): Promise<UserInfo> {
  const userId = signedInUser(ctx);
  refuseWhileImpersonating(ctx);
  const { db } = ctx;
  const account = await findAccountById(db, ctx.schoolId, userId);
  if (!account) throw AppError.unauthorized();
  await confirmPassword(ctx, body.old_password, 'passwordChange');
  await assertPasswordAllowed(ctx, body.password, account, body.old_password);
  await setPassword(db, userId, await hashPassword(body.password), ctx.clock());
  const revoked = await revokeUserSessions(ctx, userId, 'password', { exceptCurrent: true });
  await audit(ctx, 'password.change', { targetId: userId, details: { revokedSessions: revoked } });
  return getUserInfo(db, userId, sessionOf(ctx));
}

/** PUT /api/self/secondary-email: an address by spec 5's pattern, or null to remove it; the password confirms it. */
export async function changeSecondaryEmail(ctx: Ctx, body: SecondaryEmail): Promise<UserInfo> {
  const userId = signedInUser(ctx);
  refuseWhileImpersonating(ctx);
  const email = body.email;
  if (email === '') throw new AppError(400, 'mail.missing');
  if (email !== null && !isEmail(email)) throw new AppError(400, 'mail.invalid');
  // reset codes may go to this address: a taken-over session must not redirect them without the password
  await confirmPassword(ctx, body.password, 'secondaryEmail');
  await setSecondaryEmail(ctx.db, ctx.schoolId, userId, email);
  // the address itself stays out of the log (data minimisation); the account shows it
  await audit(ctx, 'email.change', {
    targetId: userId,
    details: { field: 'secondary', removed: email === null },
  });
  return getUserInfo(ctx.db, userId, sessionOf(ctx));
}

/** POST /api/self/site-policy: the user accepts the terms (force_accept_policy); only the user can. */
export async function acceptSitePolicy(ctx: Ctx): Promise<UserInfo> {
  const userId = signedInUser(ctx);
  refuseWhileImpersonating(ctx);
  await setSitePolicyAccepted(ctx.db, ctx.schoolId, userId, ctx.clock());
  await audit(ctx, 'site_policy.accept', { targetId: userId });
  return getUserInfo(ctx.db, userId, sessionOf(ctx));
}
