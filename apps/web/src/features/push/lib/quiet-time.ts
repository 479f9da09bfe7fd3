import type { QuietHours } from '@aula/contracts';
import { formatDateTime } from '@/lib/format';

/**
 * A quiet time ("19:00") in the interface's digits (Persian, Arabic), on the 24-hour clock the form stores, as
 * the admin panel shows it (push-settings/components/school-quiet-hours.tsx).
 */
export function formatQuietTime(time: string, locale?: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return formatDateTime(
    new Date(Date.UTC(2000, 0, 1, hours, minutes)),
    { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' },
    locale,
  );
}

/** Quiet hours as the texts take them: `{{start}}` and `{{end}}`, formatted. */
export const quietRange = (quiet: QuietHours) => ({
  start: formatQuietTime(quiet.start),
  end: formatQuietTime(quiet.end),
});
