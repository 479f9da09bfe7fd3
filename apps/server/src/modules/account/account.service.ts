import type { FastifyRequest } from 'fastify';
import { isEmail, type PasswordChange, type SecondaryEmail, type UserInfo } from '@aula/contracts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../audit/audit.service.ts';
import { confirmPassword, revokeUserSessions } from '../auth/auth.service.ts';
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

function signedInUser(req: FastifyRequest): number {
  if (!req.user) throw AppError.unauthorized();
  return req.user.id;
}

/** SECURITY.md "Impersonation": no password, 2FA or e-mail change while impersonating. */
function refuseWhileImpersonating(req: FastifyRequest): void {
  if (req.session?.impersonatorId) throw new AppError(403, 'auth.not_while_impersonating');
}

function sessionOf(req: FastifyRequest): UserInfoSession | undefined {
  return req.session
    ? { impersonatorId: req.session.impersonatorId, refreshExpiresAt: req.session.refreshExpiresAt }
    : undefined;
}

/**
 * POST /api/v2/password_changes: the old password proves it is the user (403, never 401, which would sign
 * the client out) and is throttled like a sign-in, so a taken-over session cannot guess it; every other
 * session of the user ends at once (SECURITY.md "Sessions").
 */
export async function changePassword(req: FastifyRequest, body: PasswordChange): Promise<UserInfo> {
  const userId = signedInUser(req);
  refuseWhileImpersonating(req);
  const { db } = req.server;
  const account = await findAccountById(db, req.schoolId, userId);
  if (!account) throw AppError.unauthorized();
  await confirmPassword(req, body.old_password, 'passwordChange');
  await assertPasswordAllowed(db, req.schoolId, body.password, account, body.old_password);
  await setPassword(db, userId, await hashPassword(body.password), req.server.clock());
  const revoked = await revokeUserSessions(req, userId, 'password', { exceptCurrent: true });
  await audit(req, 'password.change', { targetId: userId, details: { revokedSessions: revoked } });
  return getUserInfo(db, userId, sessionOf(req));
}

/** PUT /api/self/secondary-email: an address by spec 5's pattern, or null to remove it; the password confirms it. */
export async function changeSecondaryEmail(req: FastifyRequest, body: SecondaryEmail): Promise<UserInfo> {
  const userId = signedInUser(req);
  refuseWhileImpersonating(req);
  const email = body.email;
  if (email === '') throw new AppError(400, 'mail.missing');
  if (email !== null && !isEmail(email)) throw new AppError(400, 'mail.invalid');
  // reset codes may go to this address: a taken-over session must not redirect them without the password
  await confirmPassword(req, body.password, 'secondaryEmail');
  await setSecondaryEmail(req.server.db, req.schoolId, userId, email);
  // the address itself stays out of the log (data minimisation); the account shows it
  await audit(req, 'email.change', {
    targetId: userId,
    details: { field: 'secondary', removed: email === null },
  });
  return getUserInfo(req.server.db, userId, sessionOf(req));
}

/** POST /api/self/site-policy: the user accepts the terms (force_accept_policy); only the user can. */
export async function acceptSitePolicy(req: FastifyRequest): Promise<UserInfo> {
  const userId = signedInUser(req);
  refuseWhileImpersonating(req);
  await setSitePolicyAccepted(req.server.db, req.schoolId, userId, req.server.clock());
  await audit(req, 'site_policy.accept', { targetId: userId });
  return getUserInfo(req.server.db, userId, sessionOf(req));
}
