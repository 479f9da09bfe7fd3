import type { FastifyRequest } from 'fastify';
import { insertAudit } from './audit.repo.ts';

export type AuditAction =
  'login.success' | 'login.failed' | 'login.blocked' | 'logout' | 'session.refresh_reuse';

/** Records a security-relevant action (DESIGN.md "Logging"). Never pass secrets in details. */
export async function audit(
  req: FastifyRequest,
  action: AuditAction,
  opts: { actorId?: number | null; targetId?: number | null; details?: Record<string, unknown> } = {},
): Promise<void> {
  await insertAudit(req.server.db, {
    schoolId: req.schoolId,
    action,
    actorId: opts.actorId ?? req.user?.id ?? null,
    targetId: opts.targetId ?? null,
    ip: req.ip,
    requestId: req.id,
    details: opts.details ?? {},
  });
}
