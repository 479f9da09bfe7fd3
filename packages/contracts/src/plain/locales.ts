// spec 1, 9: four interface languages, German is the base and the fallback
export const LOCALES = ['de', 'en', 'fa', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
export const FALLBACK_LOCALE: Locale = 'de';
export const RTL_LOCALES: readonly Locale[] = ['fa', 'ar'];
export const LOCALE_NAMES: Record<Locale, string> = {
  de: 'Deutsch',
  en: 'English',
  fa: 'فارسی',
  ar: 'العربية',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function isRtl(locale: string): boolean {
  return RTL_LOCALES.includes(locale.split('-')[0] as Locale);
}

// spec 3.3, 9
export const THEMES = ['light', 'dark', 'auto'] as const;
export type Theme = (typeof THEMES)[number];
