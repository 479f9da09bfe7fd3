import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ClipboardList, Thermometer } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { sickCountQueryOptions } from '@/features/sick/api/sick-count';
import { useDialogs } from '@/lib/dialogs';
import { usePerms, type PermsState } from '@/lib/perms';
import { cn } from '@/lib/utils';

/** Who sees which sick entry (issue 20): reporting for everyone signed in, the list for those who process. */
export function sickEntries({ permissions, hasFeature }: Pick<PermsState, 'permissions' | 'hasFeature'>): {
  report: boolean;
  list: boolean;
} {
  const on = hasFeature('sick');
  return { report: on, list: on && permissions !== undefined && permissions.sickNotices !== 'own' };
}

/** The unprocessed notices the user may process (GET /api/sick/count), for those who see the list. */
export function useSickCount(): number {
  const perms = usePerms();
  const { list } = sickEntries(perms);
  return useQuery(sickCountQueryOptions(list)).data?.unprocessed ?? 0;
}

/** The count as a small badge; its words are in the link's accessible name. */
export function CountBadge({ count, className }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex min-w-5 items-center justify-center rounded-full bg-destructive px-1.5 text-xs leading-5 font-semibold text-white',
        className,
      )}
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}

/**
 * The wide top bar's sick entries (decision 065): "Krank melden" opens the `sick` dialog; "Krankmeldungen" with
 * the unprocessed count goes to the list. On phones both are in the account menu (user-menu.tsx) instead.
 */
export function SickTopBarEntries() {
  const { t } = useTranslation();
  const perms = usePerms();
  const { open } = useDialogs();
  const { report, list } = sickEntries(perms);
  const count = useSickCount();
  return (
    <>
      {report && (
        <Button variant="ghost" size="sm" className="mobile:hidden" onClick={() => void open('sick')}>
          <Thermometer aria-hidden="true" />
          {t('nav.reportSick')}
        </Button>
      )}
      {list && (
        <Button asChild variant="ghost" size="sm" className="mobile:hidden">
          <Link
            to="/app/sick"
            aria-label={
              count > 0 ? `${t('nav.sickNotices')}: ${t('nav.sickCount', { count })}` : t('nav.sickNotices')
            }
          >
            <ClipboardList aria-hidden="true" />
            {t('nav.sickNotices')}
            <CountBadge count={count} />
          </Link>
        </Button>
      )}
    </>
  );
}
