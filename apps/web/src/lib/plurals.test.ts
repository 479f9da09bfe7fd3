// Arabic counts (issue 19): CLDR gives Arabic six plural forms, and in two of them the number is not written.
// One is the noun with واحد ("حقل واحد") and two is the dual alone ("حقلين"): "2 حقلين" says the two twice and
// reads as an error. Where a text wants the figure too it stands apart in brackets, "صفّان (2)".
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import ar from '@/locales/ar.json';

type Tree = { [key: string]: string | Tree };
function texts(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : texts(value, `${prefix}${key}.`),
  );
}

/** The figure written into a one or two form outside brackets, or null when the text keeps the rule. */
function figureBeforeNoun(key: string, text: string): string | null {
  if (!/_(one|two)$/.test(key)) return null;
  return text.replace(/\(\{\{\w+\}\}\)/g, '').match(/\{\{count\}\}\s*\S+/)?.[0] ?? null;
}

describe('Arabic plural forms', () => {
  it('the plural categories are CLDR’s six', () => {
    const rules = new Intl.PluralRules('ar');
    expect([0, 1, 2, 3, 11, 100].map((n) => rules.select(n))).toEqual([
      'zero',
      'one',
      'two',
      'few',
      'many',
      'other',
    ]);
  });

  it('no one or two form in ar.json writes the figure before its noun', () => {
    const broken = texts(ar as Tree).flatMap(([key, text]) => {
      const hit = figureBeforeNoun(key, text);
      return hit ? [`${key}: “${hit}”`] : [];
    });
    expect(broken).toEqual([]);
  });

  it('the rule catches its canaries and lets the bracketed figure pass', () => {
    expect(figureBeforeNoun('fixErrors_two', 'يُرجى تصحيح {{count}} حقلين.')).toBe('{{count}} حقلين.');
    expect(figureBeforeNoun('timeLeft_one', 'تبقّت {{count}} دقيقة')).toBe('{{count}} دقيقة');
    expect(figureBeforeNoun('rows_two', 'قُرئ صفّان ({{count}})')).toBeNull();
    expect(figureBeforeNoun('fixErrors_few', 'يُرجى تصحيح {{count}} حقول.')).toBeNull();
  });

  it('i18next picks the dual without a figure, and a figure from three on', async () => {
    const i18n = createInstance();
    await i18n.init({ lng: 'ar', resources: { ar: { translation: ar } } });
    const fix = (count: number) => i18n.t('tiles.form.fixErrors', { count });
    expect(fix(1)).toBe('يُرجى تصحيح حقل واحد.');
    expect(fix(2)).toBe('يُرجى تصحيح حقلين.');
    expect(fix(3)).toBe('يُرجى تصحيح 3 حقول.');
    expect(fix(11)).toBe('يُرجى تصحيح 11 حقلًا.');
    expect(fix(100)).toBe('يُرجى تصحيح 100 حقل.');
    expect(i18n.t('impersonation.timeLeft', { count: 2 })).toBe('تبقّت دقيقتان');
  });
});
