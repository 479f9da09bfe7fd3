import { IMPERSONATION_MAX_MS, hasRole, type ImpersonateRequest } from '@aula/contracts';
import type { Ctx } from '../../context.ts';
import { AppError, SessionEndedError } from '../../lib/app-error.ts';
import { audit } from '../audit/audit.service.ts';
import { requireRecentSignIn } from '../auth/password-check.service.ts';
import {
  endImpersonationSession,
  resumeSession,
  startSession,
  type SessionGrant,
} from '../auth/sessions.service.ts';
import { findUserById, isBrowserSession } from '../users/user-records.service.ts';

/**
 * POST /api/users/impersonate/{id} (spec 4.3, SECURITY.md "Impersonation"): a superadmin who proved their
 * password within 5 minutes becomes another user of their school for at most 30 minutes. Their own
 * session stays alive as the parent the stop returns to.
 */
export async function startImpersonation(
  ctx: Ctx,
  targetId: number,
  body: ImpersonateRequest,
): Promise<SessionGrant> {
  const real = ctx.user;
  const session = ctx.session;
  if (!real || !session) throw AppError.unauthorized();
  if (session.impersonatorId !== null) throw new AppError(400, 'auth.not_while_impersonating');
  const now = ctx.clock();
  // re-authentication comes first: an old, possibly stolen session learns nothing about the target
  requireRecentSignIn(ctx);
  const target = await findUserById(ctx.db, targetId);
  if (!target || target.schoolId !== ctx.schoolId) throw AppError.notFound();
  if (target.id === real.id)
    throw AppError.validation([{ path: 'params.id', code: 'self', message: 'cannot impersonate yourself' }]);
  if (hasRole(target, 'superadmin')) throw new AppError(403, 'auth.impersonate_superadmin');
  if (target.blocked) throw new AppError(403, 'auth.account_disabled');

  const endsAt = new Date(Math.min(now.getTime() + IMPERSONATION_MAX_MS, session.refreshExpiresAt.getTime()));
  const grant = await startSession(ctx, {
    userId: target.id,
    endsAt,
    browserSession: await isBrowserSession(ctx.db, session.id),
    impersonatorId: real.id,
    parentSessionId: session.id,
    impersonationReason: body.reason,
  });
  await audit(ctx, 'impersonation.start', {
    actorId: real.id,
    targetId: target.id,
    details: { reason: body.reason },
  });
  return grant;
}

/** DELETE /api/users/impersonate: ends the impersonation and hands the superadmin their own session back. */
export async function stopImpersonation(ctx: Ctx): Promise<SessionGrant> {
  const session = ctx.session;
  if (!ctx.user || !session) throw AppError.unauthorized();
  if (session.impersonatorId === null || session.parentSessionId === null)
    throw new AppError(400, 'auth.not_impersonating');
  await endImpersonationSession(ctx.db, session.id, ctx.clock());
  await audit(ctx, 'impersonation.stop', { actorId: session.impersonatorId, targetId: ctx.user.id });
  const resumed = await resumeSession(ctx, session.parentSessionId);
  // the superadmin's own session ended meanwhile (logout elsewhere, its absolute end): sign out fully
  if (!resumed) throw new SessionEndedError(404);
  return resumed;
}
