import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { MoonStar } from 'lucide-react';
import { QueryGate } from '@/components/query-gate';
import { formatDateTime } from '@/lib/format';
import { schoolSettingsQueryOptions } from '../api/get-school-settings';
import { quietHoursTab, quietTimeInstant, schoolQuietHours } from '../lib/push-status';

/** A quiet time ("19:00") in the interface's digits, on the 24-hour clock the settings use to edit it. */
function quietTime(time: string): string {
  return formatDateTime(quietTimeInstant(time), {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  });
}

/**
 * Issue 23 item 4: the school's quiet hours for pupils, read-only here; they are edited with the other school
 * settings, where the link leads.
 */
export function SchoolQuietHours() {
  const { t } = useTranslation();
  const id = useId();
  const query = useQuery(schoolSettingsQueryOptions());
  const tab = quietHoursTab();
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3 rounded-md border p-4">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t('pushAdmin.quiet.title')}
      </h2>
      <QueryGate query={query}>
        {(values) => {
          const quiet = schoolQuietHours(values);
          return (
            <div className="grid gap-1 text-sm">
              <p className="flex items-start gap-2 font-medium">
                <MoonStar className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                {quiet
                  ? t('pushAdmin.quiet.range', { start: quietTime(quiet.start), end: quietTime(quiet.end) })
                  : t('pushAdmin.quiet.none')}
              </p>
              <p className="ps-6 text-muted-foreground">
                {quiet && t('pushAdmin.quiet.held')} {t('pushAdmin.quiet.zone')}{' '}
                <bdi dir="ltr" translate="no">
                  {values.time_zone}
                </bdi>
              </p>
            </div>
          );
        }}
      </QueryGate>
      <p className="text-sm">
        <Link
          to="/dashboard/$tab/{-$subpage}"
          params={{ tab }}
          className="font-medium text-primary underline underline-offset-4 coarse:inline-flex coarse:min-h-11 coarse:items-center"
        >
          {t('pushAdmin.quiet.edit', { tab: t(`dashboard.tabs.${tab}`) })}
        </Link>
      </p>
    </section>
  );
}
