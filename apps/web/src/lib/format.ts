import { currentLocale } from '@/lib/i18n';

/**
 * Dates and numbers in the interface language's conventions (CLDR: 22.11.2026 in de, Persian
 * digits in fa). Always the Gregorian calendar, so a date matches the school's letters and
 * timetable (docs/decisions/021-locale-formatting.md). Formatters are cached per locale and style.
 */
const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let formatter = cache.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    cache.set(key, formatter);
  }
  return formatter;
}

export function formatDateTime(
  value: Date | number,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' },
  locale: string = currentLocale(),
): string {
  const key = `d|${locale}|${JSON.stringify(options)}`;
  return cached(key, () => new Intl.DateTimeFormat(locale, { calendar: 'gregory', ...options })).format(
    value,
  );
}

export function formatNumber(
  value: number,
  options: Intl.NumberFormatOptions = {},
  locale: string = currentLocale(),
): string {
  const key = `n|${locale}|${JSON.stringify(options)}`;
  return cached(key, () => new Intl.NumberFormat(locale, options)).format(value);
}
