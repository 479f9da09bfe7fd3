import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/index.ts';
import { insertAudit } from './audit.repo.ts';

export type AuditAction =
  | 'login.success'
  | 'login.failed'
  | 'login.blocked'
  | 'logout'
  | 'session.refresh_reuse'
  | 'app.create'
  | 'app.update'
  | 'app.delete'
  | 'layout.save';

/** Records a security-relevant action (DESIGN.md "Logging"). Never pass secrets in details. */
export async function audit(
  req: FastifyRequest,
  action: AuditAction,
  opts: {
    actorId?: number | null;
    targetId?: number | null;
    details?: Record<string, unknown>;
    /** the transaction the audited change runs in, so both commit or neither */
    db?: Db;
  } = {},
): Promise<void> {
  await insertAudit(opts.db ?? req.server.db, {
    schoolId: req.schoolId,
    action,
    actorId: opts.actorId ?? req.user?.id ?? null,
    targetId: opts.targetId ?? null,
    ip: req.ip,
    requestId: req.id,
    details: opts.details ?? {},
  });
}
