import { describe, expect, it } from 'vitest';
import { ERROR_CODES, FALLBACK_LOCALE, LOCALES } from '@aula/contracts';
import de from '@/locales/de.json';
import en from '@/locales/en.json';
import fa from '@/locales/fa.json';
import ar from '@/locales/ar.json';
import { foldAreaErrors } from '@/locales';

type Tree = { [key: string]: string | Tree };
const locales: Record<(typeof LOCALES)[number], Tree> = { de, en, fa, ar };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const base = flatten(locales[FALLBACK_LOCALE]);

// Languages with more plural forms than German (Arabic: zero, two, few, many) add them beside `_other`.
const EXTRA_PLURAL = /_(zero|two|few|many)$/;
const baseKeyOf = (key: string) => (EXTRA_PLURAL.test(key) ? key.replace(EXTRA_PLURAL, '_other') : key);
const withoutExtraPlurals = (keys: Iterable<string>) =>
  [...keys].filter((key) => !EXTRA_PLURAL.test(key) || !base.has(baseKeyOf(key)));

const SAID_IN_WORDS = /_(zero|one|two)$/;

describe('translations (spec 1: de is the base, en, fa, ar)', () => {
  it.each(LOCALES)('%s has exactly the keys of de', (locale) => {
    expect(withoutExtraPlurals(flatten(locales[locale]).keys()).sort()).toEqual([...base.keys()].sort());
  });

  it.each(LOCALES)('%s has no empty text and keeps every {{placeholder}} of de', (locale) => {
    for (const [key, text] of flatten(locales[locale])) {
      expect(text.trim(), `${locale}: ${key}`).not.toBe('');
      const expected = placeholders(base.get(baseKeyOf(key)) ?? '');
      // the zero, one and two forms may say their number in words ("دقيقتان", two minutes: docs/wording.md)
      const inWords = SAID_IN_WORDS.test(key) ? expected.filter((name) => name !== 'count') : expected;
      const found = placeholders(text);
      expect(
        [expected, inWords].some((want) => JSON.stringify(want) === JSON.stringify(found)),
        `${locale}: ${key} has {{${found.join('}}, {{')}}}, wants {{${expected.join('}}, {{')}}}`,
      ).toBe(true);
    }
  });

  it('a form that drops {{count}} must be a zero, one or two form, and may drop nothing else (canary)', () => {
    expect(SAID_IN_WORDS.test('login.locked_two')).toBe(true);
    expect(SAID_IN_WORDS.test('login.locked_few')).toBe(false);
    expect(SAID_IN_WORDS.test('login.locked_other')).toBe(false);
  });

  it('ar has all six plural forms wherever de has a plural', () => {
    const arKeys = flatten(locales.ar);
    for (const key of base.keys()) {
      if (!key.endsWith('_other')) continue;
      for (const form of ['zero', 'one', 'two', 'few', 'many', 'other'])
        expect(arKeys.has(key.replace(/_other$/, `_${form}`)), `${key} ${form}`).toBe(true);
    }
  });

  // the locale files keep the lazy areas' errors apart (decision 048); i18next holds them folded back
  it.each(LOCALES)(
    '%s translates every server error code, as errors.<code> once the language is whole',
    (locale) => {
      const whole = flatten(foldAreaErrors(locales[locale] as typeof de) as unknown as Tree);
      for (const code of ERROR_CODES)
        expect(whole.get(`errors.${code}`)?.trim(), `${locale}: ${code}`).toBeTruthy();
    },
  );

  it('does not reveal whether a username exists on a wrong password', () => {
    expect(base.get('errors.auth.wrong_password')).toBe('Benutzername oder Passwort ist falsch.');
  });
});
