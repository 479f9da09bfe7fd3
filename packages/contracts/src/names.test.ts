import { describe, expect, it } from 'vitest';
import {
  clampName,
  GuestNameSchema,
  MAX_NAME_LENGTH,
  nameLength,
  normalizeName,
  PersonNameSchema,
} from './names.ts';

// decision 081: one normaliser for every name others see
const CASES: [label: string, raw: string, clean: string][] = [
  ['a plain name', 'Tina Lehmann', 'Tina Lehmann'],
  ['spaces collapsed and trimmed', '  Tina \t  Lehmann \n', 'Tina Lehmann'],
  ['no-break and ideographic spaces are spaces', 'Tina\u00A0\u3000Lehmann', 'Tina Lehmann'],
  ['NFC: e + combining acute is é', 'Rene\u0301e', 'Renée'],
  ['RLO (U+202E) removed', '\u202ETina Lehmann', 'Tina Lehmann'],
  ['bidi isolates and marks removed', '\u2066Tina\u2069 \u200FLehmann\u200E', 'Tina Lehmann'],
  ['zero-width space (U+200B) removed', 'Ti\u200Bna', 'Tina'],
  ['word joiner, BOM and soft hyphen removed', '\u2060Ti\uFEFFn\u00ADa', 'Tina'],
  ['braille blank (U+2800) removed', '\u2800Tina\u2800', 'Tina'],
  ['Hangul fillers removed', '\u3164\u115F\u1160\uFFA0Tina', 'Tina'],
  ['C0 and C1 controls removed', 'Ti\u0000n\u0007a\u0085', 'Tina'],
  ['Persian word with ZWNJ kept', 'می\u200Cخواهم', 'می\u200Cخواهم'],
  ['Persian name with ZWNJ kept', 'عبدالله\u200Cزاده', 'عبدالله\u200Cزاده'],
  ['ZWNJ at the ends of a word removed', '\u200Cمریم \u200Cرضایی\u200C', 'مریم رضایی'],
  ['a run of joiners is one', 'می\u200C\u200C\u200Cخواهم', 'می\u200Cخواهم'],
  ['ZWJ inside an emoji sequence kept', 'Tina 👩\u200D🏫', 'Tina 👩\u200D🏫'],
  ['a variation selector after its character kept', 'Tina ❤\uFE0F', 'Tina ❤\uFE0F'],
  ['a lone variation selector removed', '\uFE0FTina \uFE0F', 'Tina'],
  ['Arabic name unchanged', 'فاطمة الزهراء', 'فاطمة الزهراء'],
  ['only U+2800 is empty', '\u2800\u2800', ''],
  ['only RLO and ZWSP is empty', '\u202E\u200B', ''],
  ['only joiners is empty', '\u200C\u200D', ''],
  ['only spaces is empty', ' \u00A0 ', ''],
];

describe('normalizeName', () => {
  it.each(CASES)('%s', (_label, raw, clean) => {
    expect(normalizeName(raw)).toBe(clean);
    // normalising twice changes nothing
    expect(normalizeName(clean)).toBe(clean);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(nameLength('👩\u200D🏫')).toBe(3);
    expect(nameLength('Renée')).toBe(5);
  });

  it('clampName cuts to the bound without leaving a joiner at the end', () => {
    expect(clampName('\u202E' + 'a'.repeat(150))).toBe('a'.repeat(MAX_NAME_LENGTH));
    expect(clampName('ab\u200Ccd', 3)).toBe('ab');
  });
});

describe('PersonNameSchema', () => {
  it('answers the normalised name', () => {
    expect(PersonNameSchema.parse('\u202E Sara  Schmidt\u200B')).toBe('Sara Schmidt');
  });
  it('refuses a name that is empty after normalising (canary: U+2800 only)', () => {
    for (const raw of ['\u2800', '\u202E\u200B', '', '   ']) {
      const result = PersonNameSchema.safeParse(raw);
      expect(result.success, JSON.stringify(raw)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('name_empty');
    }
  });
  it('refuses control characters as bad input, like every text (decision 043): a NUL is never cleaned away', () => {
    for (const raw of ['Sa\u0000ra', 'Sara\tSchmidt', 'Sara\nSchmidt'])
      expect(PersonNameSchema.safeParse(raw).success, JSON.stringify(raw)).toBe(false);
    expect(GuestNameSchema.safeParse('Gast\u0000').success).toBe(false);
  });
  it('refuses a name longer than 100 characters, counted after normalising', () => {
    expect(PersonNameSchema.safeParse('a'.repeat(101)).error?.issues[0]?.message).toBe('name_too_long');
    expect(PersonNameSchema.parse(`${'\u200B'.repeat(50)}${'a'.repeat(100)}`)).toBe('a'.repeat(100));
  });
});

describe('GuestNameSchema', () => {
  it('normalises; an invisible name is no name (the join then asks for one)', () => {
    expect(GuestNameSchema.parse('\u2800\u202E\u200B')).toBe('');
    expect(GuestNameSchema.parse('\u202ETina Lehmann')).toBe('Tina Lehmann');
  });
  it('at most 64 characters', () => {
    expect(GuestNameSchema.safeParse('a'.repeat(64)).success).toBe(true);
    expect(GuestNameSchema.safeParse('a'.repeat(65)).success).toBe(false);
  });
});
