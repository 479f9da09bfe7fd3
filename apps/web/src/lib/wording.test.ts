// The rules of docs/wording.md that a machine can check, on the base language (de.json). Each rule has a canary
// below it: a text that breaks it must be caught, so a rule cannot silently stop matching.
import { describe, expect, it } from 'vitest';
import de from '@/locales/de.json';

type Tree = { [key: string]: string | Tree };
function texts(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : texts(value, `${prefix}${key}.`),
  );
}

/**
 * Names a reader must type elsewhere, exactly so: a protocol's parameter that an admin registers at the identity
 * provider, and the server's environment variable that the operator keeps. Not Aula's internal keys.
 */
const NAMES_FROM_OUTSIDE = new Set(['post_logout_redirect_uri', 'AULA_SECRET_KEY']);

/** Each rule: what it rejects, as a test over one text; null when the text keeps the rule. */
const RULES: Record<string, (text: string) => string | null> = {
  'no internal keys (a word with an underscore between letters)': (text) =>
    [...text.replace(/\{\{[^}]*\}\}/g, '').matchAll(/\b[a-z]+_[a-z_]+\b/gi)]
      .map((m) => m[0])
      .find((word) => !NAMES_FROM_OUTSIDE.has(word)) ?? null,
  'no gender star, colon or underscore inside a word': (text) =>
    text.match(/\p{L}[*:_]in(nen)?\b/u)?.[0] ?? null,
  // capitalised in mid-sentence, these are always the formal address (at a sentence's start, "Sie" may be "it")
  'du, never Sie': (text) =>
    text.match(/(?<!^|[.!?:„“"]\s*)\b(Sie|Ihr|Ihre|Ihrem|Ihren|Ihrer|Ihres|Ihnen)\b/)?.[0] ?? null,
  'one word for pupils (no "Lernende", "SuS")': (text) =>
    text.match(/\b(Lernende\p{L}*|SuS)\b/u)?.[0] ?? null,
  // "Bitte Benutzername eingeben." reads like a sign on a wall: a request starting with "Bitte" that ends on an
  // infinitive (…en, …ern, …eln) with no du-form before it. "Bitte versuche es erneut." keeps the rule.
  'ask in the imperative, not "Bitte … infinitive"': (text) =>
    text
      .split(/(?<=[.!?])\s+/)
      .find((sentence) =>
        /^Bitte\s+(?!\p{Ll}+e\b)(?!gib\b|lies\b|nimm\b|sieh\b|hilf\b)[^.!?]*\p{Ll}+(en|ern|eln)[.!?]?$/u.test(
          sentence,
        ),
      ) ?? null,
};

/** The rules every language keeps, checked on each locale file. */
const ALL_LANGUAGES = ['no internal keys (a word with an underscore between letters)'];

describe('wording (docs/wording.md) in de.json', () => {
  const all = texts(de as Tree);
  it.each(Object.keys(RULES))('%s', (rule) => {
    const broken = all.flatMap(([key, text]) => {
      const hit = RULES[rule]!(text);
      return hit ? [`${key}: “${hit}”`] : [];
    });
    expect(broken).toEqual([]);
  });

  it.each([
    ['no internal keys (a word with an underscore between letters)', 'Sobald „enable_moin_auth“ an ist.'],
    ['no gender star, colon or underscore inside a word', 'die Schüler*innen deiner Gruppen'],
    ['no gender star, colon or underscore inside a word', 'alle Lehrer:innen'],
    ['no gender star, colon or underscore inside a word', 'Rolle: Schüler*in'],
    ['du, never Sie', 'Bei Ihrem Anmeldedienst eintragen'],
    ['du, never Sie', 'Dann können Sie sich anmelden.'],
    ['ask in the imperative, not "Bitte … infinitive"', 'Bitte Benutzername und Passwort eingeben.'],
    [
      'ask in the imperative, not "Bitte … infinitive"',
      'Zu viele Anfragen. Bitte in 2 Minuten erneut versuchen.',
    ],
    ['ask in the imperative, not "Bitte … infinitive"', 'Bitte bestätigen'],
    ['one word for pupils (no "Lernende", "SuS")', 'Lernende sehen die Einstellung nicht.'],
    ['one word for pupils (no "Lernende", "SuS")', 'Alle SuS der 5a'],
  ])('canary: %s rejects “%s”', (rule, text) => {
    expect(RULES[rule]!(text)).not.toBeNull();
  });

  it('a sentence starting with "Sie" (the page: "it") is not the formal address', () => {
    expect(RULES['du, never Sie']!('Die Seite ist neu. Sie wird gleich geladen.')).toBeNull();
  });

  it.each([
    'Bitte versuche es in 2 Minuten erneut.',
    'Bitte gib einen Titel ein.',
    'Bitte wende dich an die Administration.',
    'Morgen Wandertag. Bitte feste Schuhe mitbringen!'.replace('mitbringen!', 'anziehen, liebe Klasse.'),
  ])('a request in the imperative keeps the rule: “%s”', (text) => {
    expect(RULES['ask in the imperative, not "Bitte … infinitive"']!(text)).toBeNull();
  });

  it('a placeholder with an underscore is not an internal key', () => {
    expect(
      RULES['no internal keys (a word with an underscore between letters)']!('{{first_name}} ist da'),
    ).toBeNull();
  });
});

describe('wording (docs/wording.md) in every language', () => {
  const files = import.meta.glob<{ default: Tree }>('@/locales/*.json', { eager: true });
  const languages = Object.entries(files).map(
    ([path, mod]) => [path.replace(/.*\/|\.json$/g, ''), mod.default] as const,
  );

  it('all four languages are checked', () => {
    expect(languages.map(([lang]) => lang).sort()).toEqual(['ar', 'de', 'en', 'fa']);
  });

  it.each(languages.flatMap(([lang, tree]) => ALL_LANGUAGES.map((rule) => [lang, rule, tree] as const)))(
    '%s: %s',
    (_lang, rule, tree) => {
      const broken = texts(tree).flatMap(([key, text]) => {
        const hit = RULES[rule]!(text);
        return hit ? [`${key}: “${hit}”`] : [];
      });
      expect(broken).toEqual([]);
    },
  );
});
