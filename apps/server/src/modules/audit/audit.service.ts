import type { AuditActionName } from '@aula/contracts';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import { insertAudit } from './audit.repo.ts';

/** Records a security-relevant action (DESIGN.md "Logging"). Never pass secrets in details. */
export async function audit(
  ctx: Ctx,
  // one list of actions, the contracts' AUDIT_ACTIONS; each is claimed by one module's manifest (decision 090)
  action: AuditActionName,
  opts: {
    actorId?: number | null;
    targetId?: number | null;
    /**
     * an entry that must not lead back to the person who acted (a chat report, decision 077): no actor, no
     * address, no request id (the server's request log ties it to an address)
     */
    anonymous?: boolean;
    details?: Record<string, unknown>;
    /** the transaction the audited change runs in, so both commit or neither */
    db?: Db;
  } = {},
): Promise<void> {
  // SECURITY.md: every write while impersonating names both the real and the impersonated user
  const impersonatorId = ctx.session?.impersonatorId ?? null;
  const anonymous = opts.anonymous === true;
  await insertAudit(opts.db ?? ctx.db, {
    schoolId: ctx.schoolId,
    action,
    actorId: anonymous ? null : (opts.actorId ?? ctx.user?.id ?? null),
    targetId: opts.targetId ?? null,
    ip: anonymous ? null : (ctx.request?.ip ?? null),
    requestId: anonymous ? null : (ctx.request?.requestId ?? null),
    details: impersonatorId ? { ...opts.details, impersonatorId } : (opts.details ?? {}),
  });
}
