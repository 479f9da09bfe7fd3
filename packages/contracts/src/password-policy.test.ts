import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS_TEXT } from './common-passwords.ts';
import {
  brokenPasswordRules,
  commonPasswordChecker,
  commonPasswordForms,
  MIN_COMMON_STEM,
} from './password-policy.ts';

const isCommon = commonPasswordChecker(COMMON_PASSWORDS_TEXT);
const policy = { minLength: 10, charClasses: false, checkCommon: true };

describe('the common-password rule (spec 5 check_top_passwords, docs/decisions/025-passwords.md)', () => {
  it('refuses common passwords whatever their case and however many digits or symbols end them', () => {
    for (const password of [
      'password123',
      'Password123!',
      'Sommer2024!',
      'PASSWORD',
      'qwertz123!!',
      'Fussball2010',
    ]) {
      expect(isCommon(password), password).toBe(true);
      expect(brokenPasswordRules(password, policy, { isCommon }), password).toContain('common');
    }
  });

  it('refuses a listed password that itself ends in digits, with symbols after them', () => {
    expect(isCommon('schalke04!')).toBe(true);
    expect(isCommon('1qaz2wsx3edc')).toBe(true);
  });

  it('accepts a strong passphrase and a common word inside a longer one', () => {
    for (const password of [
      'der Igel zählt die Sterne',
      'Grüne Wiese am Bach 7',
      'Sommerwiese-am-Bach-2024',
    ]) {
      expect(isCommon(password), password).toBe(false);
      expect(brokenPasswordRules(password, policy, { isCommon }), password).toEqual([]);
    }
  });

  it('looks up the password as typed and its stems without trailing symbols, then digits', () => {
    expect(commonPasswordForms('Schalke04!')).toEqual(['schalke04!', 'schalke04', 'schalke']);
    expect(commonPasswordForms('Sommer2024!')).toEqual(['sommer2024!', 'sommer2024', 'sommer']);
    expect(commonPasswordForms('passphrase')).toEqual(['passphrase']);
  });

  it('does not look up a stem shorter than 4 characters, nor an empty one', () => {
    expect(MIN_COMMON_STEM).toBe(4);
    expect(commonPasswordForms('abc-83729104')).toEqual(['abc-83729104']);
    expect(commonPasswordForms('73829104!')).toEqual(['73829104!', '73829104']);
    expect(isCommon('abc-83729104')).toBe(false);
    expect(commonPasswordChecker('\nabc\n')('')).toBe(false);
  });

  it('ships a list of the 100,000 most common passwords, lower-cased, sorted and without repeats', () => {
    const entries = COMMON_PASSWORDS_TEXT.split('\n');
    // 96,573 passwords: the entries the check refuses through a shorter one are left out (the script checks that)
    expect(entries.length).toBeGreaterThan(85_000);
    expect(new Set(entries).size).toBe(entries.length);
    expect(entries.every((e) => e !== '' && e === e.toLowerCase())).toBe(true);
    expect(entries).toEqual([...entries].sort());
  });
});
