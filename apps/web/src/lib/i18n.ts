import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LOCALE, LOCALES, isLocale, isRtl, type Locale } from '@aula/contracts';
import de from '@/locales/de.json';
import en from '@/locales/en.json';
import fa from '@/locales/fa.json';
import ar from '@/locales/ar.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof de };
  }
}

export const LANGUAGE_STORAGE_KEY = 'aula.lang';

export const resources = {
  de: { translation: de },
  en: { translation: en },
  fa: { translation: fa },
  ar: { translation: ar },
} satisfies Record<Locale, { translation: typeof de }>;

/** The supported locale in use; German until detection has run (spec 1, 9). */
export function currentLocale(): Locale {
  const resolved = i18n.resolvedLanguage ?? i18n.language;
  const base = resolved?.split('-')[0];
  return isLocale(base) ? base : FALLBACK_LOCALE;
}

export function applyDocumentLanguage(): void {
  const locale = currentLocale();
  document.documentElement.lang = locale;
  document.documentElement.dir = isRtl(locale) ? 'rtl' : 'ltr';
}

/** Switches the interface language now and remembers the choice in this browser. */
export async function setLanguage(locale: Locale): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, locale);
  } catch {
    // Storage can be unavailable (private mode, quota); the switch still applies to this tab.
  }
  await i18n.changeLanguage(locale);
}

/** Forgets the explicit choice: the interface follows the browser's language again (German if unsupported). */
export async function followBrowserLanguage(): Promise<void> {
  try {
    localStorage.removeItem(LANGUAGE_STORAGE_KEY);
  } catch {
    // Nothing was stored.
  }
  await i18n.changeLanguage();
}

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources,
    supportedLngs: [...LOCALES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    fallbackLng: FALLBACK_LOCALE,
    // Only an explicit choice is stored, so an unchosen language keeps following the browser.
    detection: { order: ['localStorage', 'navigator'], lookupLocalStorage: LANGUAGE_STORAGE_KEY, caches: [] },
    interpolation: { escapeValue: false },
    initAsync: false,
  });

i18n.on('languageChanged', applyDocumentLanguage);
applyDocumentLanguage();

export { i18n };
