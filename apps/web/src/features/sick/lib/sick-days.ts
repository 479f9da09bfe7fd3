import { formatDateTime } from '@/lib/format';

const DAY_MS = 86_400_000;

/** The calendar day YYYY-MM-DD of `now` on this device (the school's day for all but travellers). */
export function localDay(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function utcOf(day: string): number {
  const [y, m, d] = day.split('-').map(Number);
  return Date.UTC(y!, m! - 1, d!);
}

/** Whole days from `today` to `day` (both YYYY-MM-DD): -1 yesterday, 0 today, 1 tomorrow. */
export function daysFrom(today: string, day: string): number {
  return Math.round((utcOf(day) - utcOf(today)) / DAY_MS);
}

const relative = new Map<string, Intl.RelativeTimeFormat>();

/**
 * A notice's day in the reader's language: "gestern", "heute", "morgen" next to today (the language's own words,
 * from CLDR), else the weekday and date ("Mo., 23. Nov."), with the year when it is not this year's.
 */
export function formatSickDay(day: string, today: string, locale: string): string {
  const diff = daysFrom(today, day);
  if (Math.abs(diff) <= 1) {
    let format = relative.get(locale);
    if (!format) {
      format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
      relative.set(locale, format);
    }
    return format.format(diff, 'day');
  }
  const sameYear = day.slice(0, 4) === today.slice(0, 4);
  return formatDateTime(
    utcOf(day),
    {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      ...(sameYear ? {} : { year: 'numeric' }),
      timeZone: 'UTC',
    },
    locale,
  );
}
