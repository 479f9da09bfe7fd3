import { useTranslation } from 'react-i18next';
import { Ban, Clock, KeyRound, ShieldCheck, UserX } from 'lucide-react';
import { hasRole, type ManagedUser } from '@aula/contracts';
import { formatDateTime } from '@/lib/format';

const badge = 'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs';

/** What a teacher needs to see at a glance: role, blocked, locked until, 2FA, no password yet, left the school. */
export function UserBadges({ user }: { user: ManagedUser }) {
  const { t } = useTranslation();
  const role = hasRole(user, 'superadmin')
    ? 'superadmin'
    : hasRole(user, 'admin')
      ? 'admin'
      : user.type === 'L'
        ? 'teacher'
        : 'student';
  return (
    <ul className="mt-1 flex flex-wrap gap-1" aria-label={t('userManager.state')}>
      <li className={badge}>{t(`userManager.roles.${role}`)}</li>
      {user.blocked && (
        <li className={`${badge} border-destructive text-destructive`}>
          <Ban className="size-3" aria-hidden="true" />
          {t('userManager.statuses.blocked')}
        </li>
      )}
      {user.lockedUntil && (
        <li className={`${badge} border-amber-600 text-amber-700 dark:text-amber-400`}>
          <Clock className="size-3" aria-hidden="true" />
          {t('userManager.lockedUntil', {
            time: formatDateTime(new Date(user.lockedUntil), { timeStyle: 'short' }),
          })}
        </li>
      )}
      {user.deactivated && (
        <li className={badge}>
          <UserX className="size-3" aria-hidden="true" />
          {t('userManager.statuses.deactivated')}
        </li>
      )}
      {user.totp && (
        <li className={badge}>
          <ShieldCheck className="size-3" aria-hidden="true" />
          {t('userManager.totp')}
        </li>
      )}
      {!user.hasPassword && (
        <li className={badge}>
          <KeyRound className="size-3" aria-hidden="true" />
          {t('userManager.noPassword')}
        </li>
      )}
    </ul>
  );
}
