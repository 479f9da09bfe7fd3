import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  IMPERSONATION_MAX_MS,
  REAUTH_MAX_AGE_MS,
  hasRole,
  type ImpersonateRequest,
  type SessionResult,
} from '@aula/contracts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../audit/audit.service.ts';
import {
  clearSessionCookies,
  endImpersonationSession,
  resumeSession,
  startSession,
} from '../auth/auth.service.ts';
import { findUserById, isBrowserSession } from './users.repo.ts';

/**
 * POST /api/users/impersonate/{id} (spec 4.3, SECURITY.md "Impersonation"): a superadmin who proved their
 * password within 5 minutes becomes another user of their school for at most 30 minutes. Their own
 * session stays alive as the parent the stop returns to.
 */
export async function startImpersonation(
  req: FastifyRequest,
  reply: FastifyReply,
  targetId: number,
  body: ImpersonateRequest,
): Promise<SessionResult> {
  const real = req.user;
  const session = req.session;
  if (!real || !session || req.sessionId === null) throw AppError.unauthorized();
  if (session.impersonatorId !== null) throw new AppError(400, 'auth.not_while_impersonating');
  const now = req.server.clock();
  // re-authentication comes first: an old, possibly stolen session learns nothing about the target
  if (now.getTime() - session.authAt.getTime() > REAUTH_MAX_AGE_MS)
    throw new AppError(401, 'auth.reauth_required');
  const target = await findUserById(req.server.db, targetId);
  if (!target || target.schoolId !== req.schoolId) throw AppError.notFound();
  if (target.id === real.id)
    throw AppError.validation([{ path: 'params.id', code: 'self', message: 'cannot impersonate yourself' }]);
  if (hasRole(target, 'superadmin')) throw new AppError(403, 'auth.impersonate_superadmin');
  if (target.blocked) throw new AppError(403, 'auth.account_disabled');

  const endsAt = new Date(Math.min(now.getTime() + IMPERSONATION_MAX_MS, session.refreshExpiresAt.getTime()));
  const result = await startSession(req, reply, {
    userId: target.id,
    endsAt,
    browserSession: await isBrowserSession(req.server.db, req.sessionId),
    impersonatorId: real.id,
    parentSessionId: req.sessionId,
    impersonationReason: body.reason,
  });
  await audit(req, 'impersonation.start', {
    actorId: real.id,
    targetId: target.id,
    details: { reason: body.reason },
  });
  return result;
}

/** DELETE /api/users/impersonate: ends the impersonation and hands the superadmin their own session back. */
export async function stopImpersonation(req: FastifyRequest, reply: FastifyReply): Promise<SessionResult> {
  const session = req.session;
  if (!req.user || !session || req.sessionId === null) throw AppError.unauthorized();
  if (session.impersonatorId === null || session.parentSessionId === null)
    throw new AppError(400, 'auth.not_impersonating');
  await endImpersonationSession(req.server.db, req.sessionId, req.server.clock());
  await audit(req, 'impersonation.stop', { actorId: session.impersonatorId, targetId: req.user.id });
  const resumed = await resumeSession(req, reply, session.parentSessionId);
  if (!resumed) {
    // the superadmin's own session ended meanwhile (logout elsewhere, its absolute end): sign out fully
    clearSessionCookies(req, reply);
    throw AppError.notFound();
  }
  return resumed;
}
