// Zod-free (decision 049): the web app's forms check names with the same function as the server.
// Decision 081: one normaliser for every name a person types that others see (user names by admins, the
// identity import, SSO claims, guests in video rooms).

/** The longest first or last name, in characters (code points) after normalising. */
export const MAX_NAME_LENGTH = 100;
/** The longest name a guest gives in a video room, in characters after normalising (before " (Gast)"). */
export const MAX_GUEST_NAME_LENGTH = 64;

const JOINERS = '\u200C\u200D';
/**
 * Characters that show nothing and are no white space, removed everywhere: control characters (Cc), format
 * characters (Cf: bidi overrides and isolates, zero-width space, word joiner, soft hyphen, BOM, tags…; the
 * joiners are kept for now and handled below), lone surrogates, private use, and the blank letters that
 * pass for names: U+2800 braille blank, U+3164 and U+FFA0 Hangul fillers, U+115F/U+1160 Hangul choseong
 * and jungseong fillers, U+17B4/U+17B5 Khmer inherent vowels, U+180E Mongolian vowel separator.
 */
/* eslint-disable no-misleading-character-class -- the joiners are listed alone on purpose: to keep them */
const INVISIBLE =
  /[\p{Cs}\p{Co}\u2800\u3164\uFFA0\u115F\u1160\u17B4\u17B5\u180E]|(?![\u200C\u200D\t\n\v\f\r\u0085])[\p{Cc}\p{Cf}]/gu;
/* eslint-enable no-misleading-character-class */
/** White space of any kind (tab, line breaks, no-break and ideographic spaces…): one ASCII space each run. */
const SPACE = /[\s\p{Zs}\p{Zl}\p{Zp}\u0085]+/gu;
/** Variation selectors select how the character before them looks; with nothing before them they are noise. */
const LONE_SELECTORS = /(^|\s)[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]+/gu;
/** A run of joiners is one; at the start or end of a word (next to a space or the end) it joins nothing. */
const JOINER_RUN = new RegExp(`[${JOINERS}]+`, 'g');
const EDGE_JOINERS = new RegExp(`(^|\\s)[${JOINERS}]+|[${JOINERS}]+(?=\\s|$)`, 'g');

/**
 * A name as people should see it: NFC, without control, format and other invisible characters, white space
 * collapsed to single spaces, trimmed. ZWNJ (U+200C) and ZWJ (U+200D) stay inside a word, where Persian,
 * Arabic, Indic scripts and emoji sequences need them ("می‌خواهم"), and go at a word's edges. The result may
 * be empty: then there was no name.
 */
export function normalizeName(raw: string): string {
  let name = raw.normalize('NFC').replace(INVISIBLE, '').replace(SPACE, ' ');
  name = name.replace(LONE_SELECTORS, '$1');
  name = name.replace(JOINER_RUN, (run) => run[0]!).replace(EDGE_JOINERS, '$1');
  return name.replace(SPACE, ' ').trim();
}

/** Characters as people count them (code points), for the length bound of a name. */
export function nameLength(name: string): number {
  return [...name].length;
}

/**
 * A name from a source that cannot be asked again (an identity provider's claims): normalised and cut to
 * `max` characters, never refused.
 */
export function clampName(raw: string, max: number = MAX_NAME_LENGTH): string {
  const name = normalizeName(raw);
  return nameLength(name) <= max ? name : normalizeName([...name].slice(0, max).join(''));
}
