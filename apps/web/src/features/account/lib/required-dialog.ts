import { hasRole, type UserInfo } from '@aula/contracts';
import { configFlag, useConfig, type AppConfig } from '@/lib/config';
import { useSelf } from '@/lib/session';

/** The dialogs the school can force on a user; they open by themselves and cannot be dismissed. */
export type RequiredDialog = 'change-password' | 'totp-setup';

/**
 * What the signed-in user must do before anything else (spec 4.2, issue 5; docs/decisions/031-account-dialogs.md):
 * the site policy comes first (the guard sends them to /terms), then a password an admin set, then
 * 2FA for teachers. Never while impersonating: the real user cannot change the other's password or 2FA.
 */
export function requiredDialog(self: UserInfo | null, config: AppConfig): RequiredDialog | null {
  if (!self || self.impersonator) return null;
  if (configFlag(config, 'force_accept_policy') && !self.sitePolicyAccepted) return null;
  // a password someone else gave must be changed, whatever the school setting (issue 16; the server refuses
  // everything else meanwhile): force_password_change decides only whether new accounts get the flag
  if (self.must_change_password) return 'change-password';
  if (configFlag(config, 'force_2fa_teachers') && hasRole(self, 'teacher') && !self.totp_enabled) {
    return 'totp-setup';
  }
  return null;
}

export function useRequiredDialog(): RequiredDialog | null {
  return requiredDialog(useSelf(), useConfig());
}
