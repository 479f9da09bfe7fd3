import { afterEach, describe, expect, it } from 'vitest';
import { LANGUAGE_COOKIE } from '@aula/contracts';
import { i18n, setLanguage, currentLocale, followBrowserLanguage, LANGUAGE_STORAGE_KEY } from './i18n';

afterEach(async () => {
  localStorage.clear();
  await i18n.changeLanguage('de');
});

describe('interface language (spec 1)', () => {
  it('falls back to German for an unsupported browser language', async () => {
    await i18n.changeLanguage('sv-SE');
    expect(currentLocale()).toBe('de');
    expect(document.documentElement.lang).toBe('de');
  });

  it('uses the base language of a regional variant', async () => {
    await i18n.changeLanguage('en-GB');
    expect(currentLocale()).toBe('en');
  });

  it('switches to right-to-left for Persian and Arabic and stores the choice', async () => {
    await setLanguage('fa');
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('fa');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('fa');
    await setLanguage('ar');
    expect(document.documentElement.dir).toBe('rtl');
    await setLanguage('de');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('mirrors the choice in a cookie for the server to preload its strings, and forgets it with the choice (decision 051)', async () => {
    await setLanguage('ar');
    expect(document.cookie.split('; ')).toContain(`${LANGUAGE_COOKIE}=ar`);
    await followBrowserLanguage();
    expect(document.cookie).not.toContain(LANGUAGE_COOKIE);
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull();
  });
});
