import { hasRole, type FeatureName, type Permissions, type UserInfo } from '@aula/contracts';
import { configFlag, type AppConfig } from '@/lib/config';
import type { DialogId } from '../dialogs/registry';

export interface TopBarContext {
  self: UserInfo;
  config: AppConfig;
  permissions: Permissions | undefined;
  features: readonly FeatureName[];
  /** The browser can show notifications (push needs it). */
  notificationsSupported: boolean;
}

/**
 * spec 2.6: the dialogs the signed-in user's menu offers, in menu order. Until permissions
 * arrive only what needs none is offered. While impersonating, the account dialogs that change
 * the other person's password, address or 2FA are left out (SECURITY.md refuses them), and
 * `impersonate` is offered to stop (spec 6).
 */
export function topBarDialogs(ctx: TopBarContext): DialogId[] {
  const impersonating = ctx.self.impersonator !== null;
  const entries: DialogId[] = ['settings'];
  if (!impersonating) entries.push('change-password', 'secondary-email');
  const student = !hasRole(ctx.self, 'teacher');
  if (!impersonating && !(student && configFlag(ctx.config, 'hide_2fa_students'))) entries.push('totp-setup');
  if (!configFlag(ctx.config, 'hide_data_inquiry')) entries.push('data-export');
  if (ctx.features.includes('push') && ctx.notificationsSupported) entries.push('request-push');
  entries.push('install');
  if (ctx.permissions?.manageUsers) entries.push('user-manager');
  if (ctx.permissions?.impersonate || impersonating) entries.push('impersonate');
  return entries;
}

/** spec 2.6: the chat popover is for superadmins when the school has Chat on. */
export function showsChatPopover(ctx: Pick<TopBarContext, 'self' | 'features'>): boolean {
  return hasRole(ctx.self, 'superadmin') && ctx.features.includes('chat');
}

/**
 * The letters on the account button (issue 19): the first letter of the first and the last name, or of the
 * user name when the names are empty; whole characters, not UTF-16 halves.
 */
export function initials(user: Pick<UserInfo, 'first_name' | 'last_name' | 'username'>): string {
  const letters = [user.first_name, user.last_name].map((part) => [...part.trim()][0] ?? '').join('');
  return (letters || [...user.username.trim()].slice(0, 2).join('')).toLocaleUpperCase();
}
