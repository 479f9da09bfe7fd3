import { isRtl } from '@aula/contracts';
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

const KIB = 1024;

/**
 * A file size as the language writes it: "1 MB", "2,5 MB" in German, "1 ميغابايت" in Arabic. Right-to-left
 * languages get the unit's full word, as their short form is the Latin "MB" (which bidi puts before the
 * number, "MB 1") or an abbreviation few read.
 * Binary steps (1 MB = 1024 KB), as the server's limits are.
 */
export function formatFileSize(bytes: number, locale: string = currentLocale()): string {
  const [unit, value] =
    bytes >= KIB * KIB
      ? (['megabyte', bytes / KIB / KIB] as const)
      : bytes >= KIB
        ? (['kilobyte', bytes / KIB] as const)
        : (['byte', bytes] as const);
  return formatNumber(
    value,
    { style: 'unit', unit, unitDisplay: isRtl(locale) ? 'long' : 'short', maximumFractionDigits: 1 },
    locale,
  );
}
