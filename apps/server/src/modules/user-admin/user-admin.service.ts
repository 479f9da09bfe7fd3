import { hasRole, type BlockResult, type OkResult, type RoleSubject } from '@aula/contracts';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../audit/audit.service.ts';
import { revokeUserSessions } from '../auth/sessions.service.ts';
import { clearLoginLock } from '../auth/login-throttle.service.ts';
import { resetTotpOf } from '../totp/totp.service.ts';
import { findManagedUser, setUserBlocked } from '../users/user-records.service.ts';

interface Person extends RoleSubject {
  id: number;
  groupIds: readonly number[];
}

/**
 * SECURITY.md "Access": teachers act on students of their own groups only, admins on everyone but
 * superadmins, superadmins on everyone but superadmins; nobody on themselves (own 2FA needs the password).
 */
export function mayManage(actor: Person, target: Person): boolean {
  if (actor.id === target.id || hasRole(target, 'superadmin')) return false;
  if (hasRole(actor, 'admin')) return true;
  if (!hasRole(actor, 'teacher') || hasRole(target, 'teacher')) return false;
  return target.groupIds.some((id) => actor.groupIds.includes(id));
}

/** The user an admin operation acts on: another school's or an unknown id is 404, one not managed 403. */
export async function managedUser(ctx: Ctx, userId: number) {
  if (!ctx.user) throw AppError.unauthorized();
  const target = await findManagedUser(ctx.db, ctx.schoolId, userId);
  if (!target) throw AppError.notFound();
  // an impersonating superadmin does this as themselves, not in someone else's name
  if (ctx.session?.impersonatorId) throw new AppError(403, 'auth.not_while_impersonating');
  if (!mayManage(ctx.user, target)) throw new AppError(403, 'users.not_allowed');
  return target;
}

/** POST /api/users/:id/block: blocking ends every session of the user at once (SECURITY.md). */
export async function setBlocked(ctx: Ctx, userId: number, blocked: boolean): Promise<BlockResult> {
  const target = await managedUser(ctx, userId);
  await setUserBlocked(ctx.db, ctx.schoolId, target.id, blocked);
  if (blocked) await revokeUserSessions(ctx, target.id, 'blocked');
  await audit(ctx, blocked ? 'user.block' : 'user.unblock', { targetId: target.id });
  return { id: target.id, blocked };
}

/** POST /api/users/:id/unlock: lifts a sign-in lock after too many failures (SECURITY.md "Sign-in"). */
export async function unlockUser(ctx: Ctx, userId: number): Promise<OkResult> {
  const target = await managedUser(ctx, userId);
  await clearLoginLock(ctx, target.username);
  await audit(ctx, 'user.unlock', { targetId: target.id });
  return { ok: true };
}

/** DELETE /api/users/:id/totp: the user signs in with the password alone again; their sessions end. */
export async function resetUserTotp(ctx: Ctx, userId: number): Promise<OkResult> {
  const target = await managedUser(ctx, userId);
  await resetTotpOf(ctx, target.id);
  await audit(ctx, 'totp.reset', { targetId: target.id });
  return { ok: true };
}
