import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import { insertAudit } from './audit.repo.ts';

export type AuditAction =
  | 'login.success'
  | 'login.failed'
  | 'login.blocked'
  | 'logout'
  | 'session.refresh_reuse'
  | 'session.idle_timeout'
  | 'login.locked'
  | 'login.throttled'
  | 'login.totp_failed'
  | 'login.reauth'
  | 'password.change'
  | 'password.reset_requested'
  | 'password.reset'
  | 'password.reset_failed'
  | 'email.change'
  | 'totp.enable'
  | 'totp.disable'
  | 'totp.reset'
  | 'user.block'
  | 'user.unblock'
  | 'user.unlock'
  | 'site_policy.accept'
  | 'impersonation.start'
  | 'impersonation.stop'
  | 'impersonation.expired'
  | 'impersonation.write'
  | 'data.export'
  | 'app.create'
  | 'app.update'
  | 'app.delete'
  | 'layout.save'
  | 'config.change'
  | 'config.text'
  | 'user.create'
  | 'user.update'
  | 'user.password_set'
  | 'group.create'
  | 'role_groups.change'
  | 'cim.import'
  | 'message.create'
  | 'message.update'
  | 'message.delete'
  | 'branding.change'
  | 'login.sso_failed'
  | 'sso.link'
  | 'sso.logout'
  | 'sso.logout_failed'
  | 'sick.report'
  | 'sick.list'
  | 'sick.read'
  | 'sick.student_read'
  | 'sick.photo_read'
  | 'sick.process'
  | 'sick.unprocess'
  | 'sick.retention_delete'
  | 'camera.upload'
  | 'camera.delete'
  | 'bbb.room_create'
  | 'bbb.room_update'
  | 'bbb.room_delete'
  | 'bbb.moderator_change'
  | 'bbb.code_revoke'
  | 'bbb.guest_join'
  | 'chat.room_create'
  | 'chat.room_update'
  | 'chat.room_delete'
  | 'chat.members_change'
  | 'chat.moderator_change'
  | 'chat.message_delete'
  | 'chat.report'
  | 'chat.report_dismiss'
  | 'chat.retention_delete';

/** Records a security-relevant action (DESIGN.md "Logging"). Never pass secrets in details. */
export async function audit(
  ctx: Ctx,
  action: AuditAction,
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
