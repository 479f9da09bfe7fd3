import i18n, { type BackendModule, type LanguageDetectorModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LOCALE, LANGUAGE_COOKIE, LOCALES, isLocale, isRtl, type Locale } from '@aula/contracts';
import { allStrings, startupStrings, type Strings } from '@/locales';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Strings };
  }
}

export const LANGUAGE_STORAGE_KEY = 'aula.lang';

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

// A language's strings come in two chunks (decision 048): the start-up areas before the first render,
// the whole language right after it. Each load is remembered; a failed one is forgotten, so it can retry.
const loads = new Map<string, Promise<void>>();
const fullyLoaded = new Set<Locale>();
const failed = new Set<Locale>();
let wholeLanguages = false;

function loadStrings(locale: Locale, part: 'startup' | 'all'): Promise<void> {
  if (part === 'startup' && fullyLoaded.has(locale)) return Promise.resolve();
  const id = `${locale}:${part}`;
  let load = loads.get(id);
  if (!load) {
    load = (part === 'all' ? allStrings : startupStrings)[locale]().then(
      (strings) => {
        i18n.addResourceBundle(locale, 'translation', strings, true, true);
        if (part === 'all') fullyLoaded.add(locale);
        failed.delete(locale);
      },
      (error: unknown) => {
        loads.delete(id);
        failed.add(locale);
        throw error;
      },
    );
    loads.set(id, load);
  }
  return load;
}

/** What a switch to `locale` must load before it happens: the whole language once the first screen is up. */
function loadForSwitch(locale: Locale): Promise<void> {
  return loadStrings(locale, wholeLanguages ? 'all' : 'startup');
}

/**
 * Loads the whole active language (and every later one); main.tsx calls it after the first render.
 * Lazy screens and dialogs need it; a component that renders before it arrives waits in Suspense.
 */
export function loadAllStrings(): Promise<void> {
  wholeLanguages = true;
  return loadStrings(currentLocale(), 'all');
}

/**
 * A key the loaded strings lack: in render, wait (Suspense) for the whole language, then for German, the
 * fallback, which is fetched only now. Never show the raw key: an unknown key with a default shows that,
 * and after a failed load (offline without the service worker) the text stays empty rather than retry in a loop.
 */
function missingKey(key: string, defaultValue: string | undefined): string {
  if (defaultValue !== undefined) return defaultValue;
  for (const locale of [currentLocale(), FALLBACK_LOCALE]) {
    if (fullyLoaded.has(locale)) continue;
    if (failed.has(locale)) return '';
    throw locale === FALLBACK_LOCALE ? loadStrings(locale, 'all') : loadAllStrings();
  }
  return key;
}

// German is the fallback, but only once its strings are here: an English reader never downloads them
// unless a key is missing (every language has every key, a unit test checks).
function fallbackLanguages(code: string | undefined): string[] {
  return code === undefined || i18n.hasResourceBundle(FALLBACK_LOCALE, 'translation')
    ? [FALLBACK_LOCALE]
    : [];
}

function readStorage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * The choice is mirrored in a cookie: the server reads it to preload this language's start-up strings with
 * the page (decision 051). It names a language only, nothing personal, and stays after logout as the choice does.
 */
function mirrorChoice(locale: string | null): void {
  const secure = location.protocol === 'https:' ? '; secure' : '';
  document.cookie =
    locale === null
      ? `${LANGUAGE_COOKIE}=; path=/; max-age=0; samesite=lax${secure}`
      : `${LANGUAGE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax${secure}`;
}

function storeChoice(locale: Locale | null): void {
  try {
    if (locale === null) localStorage.removeItem(LANGUAGE_STORAGE_KEY);
    else localStorage.setItem(LANGUAGE_STORAGE_KEY, locale);
  } catch {
    // Storage can be unavailable (private mode, quota); the switch still applies to this tab.
  }
  mirrorChoice(locale);
}

// a choice stored before the cookie existed
if (typeof document !== 'undefined') {
  const stored = readStorage();
  if (!document.cookie.split('; ').includes(`${LANGUAGE_COOKIE}=${stored}`) && isLocale(stored))
    mirrorChoice(stored);
}

// spec 1: an explicit choice in this browser, else the browser's languages (i18next picks the first supported).
const detectLanguages = () =>
  [readStorage(), ...navigator.languages, navigator.language].filter((code) => !!code) as string[];

const detector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect: detectLanguages,
  cacheUserLanguage: () => {}, // only an explicit choice is stored, so an unchosen language keeps following the browser
};

// Any changeLanguage() loads before it switches; setLanguage() loads first itself, to keep the language on failure.
const backend: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language, _namespace, callback) => {
    if (!isLocale(language)) return callback(null, {});
    loadForSwitch(language).then(
      () => callback(null, {}),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/**
 * Switches the interface language once its strings are here and remembers the choice in this browser.
 * Resolves false, keeping the current language, when they cannot be loaded (offline).
 */
export async function setLanguage(locale: Locale): Promise<boolean> {
  try {
    await loadForSwitch(locale);
  } catch {
    return false;
  }
  storeChoice(locale);
  await i18n.changeLanguage(locale);
  return true;
}

/** Forgets the explicit choice: the interface follows the browser's language again (German if unsupported). */
export async function followBrowserLanguage(): Promise<void> {
  storeChoice(null);
  const locale = i18n.services.languageUtils.getBestMatchFromCodes(detectLanguages());
  if (isLocale(locale)) {
    try {
      await loadForSwitch(locale);
    } catch {
      return; // offline: the language in use stays
    }
  }
  await i18n.changeLanguage();
}

i18n.on('languageChanged', applyDocumentLanguage);

/** Resolves when the detected language's start-up strings are loaded; main.tsx renders after it. */
export const i18nReady: Promise<unknown> = i18n
  .use(detector)
  .use(backend)
  .use(initReactI18next)
  .init({
    supportedLngs: [...LOCALES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    fallbackLng: fallbackLanguages,
    parseMissingKeyHandler: missingKey,
    interpolation: { escapeValue: false },
    initAsync: false,
  });

// Unit tests render any component, in any language, right after importing this module: there, every
// language is loaded first (a dead branch in the build).
if (import.meta.env.MODE === 'test') {
  wholeLanguages = true;
  await Promise.all([i18nReady, ...LOCALES.map((locale) => loadStrings(locale, 'all'))]);
}

export { i18n };
