import { describe, expect, it } from 'vitest';
import { normalizeRoomCode, ROOM_CODE_ALPHABET, ROOM_CODE_RE } from '@aula/contracts';
import { randomCode } from './bbb-codes.ts';

describe('randomCode', () => {
  it('is three groups of three from the alphabet', () => {
    for (let i = 0; i < 200; i++) expect(randomCode()).toMatch(ROOM_CODE_RE);
  });

  it('never makes a code of digits only (typed without separators, it would read as a room number)', () => {
    const digits = [...ROOM_CODE_ALPHABET].flatMap((c, i) => (/\d/.test(c) ? [i] : []));
    const letter = ROOM_CODE_ALPHABET.indexOf('k');
    // a source that deals digits for the first nine characters, then anything
    let drawn = 0;
    const pick = (n: number) => {
      expect(n).toBe(ROOM_CODE_ALPHABET.length);
      return drawn++ < 9 ? digits[drawn % digits.length]! : letter;
    };
    const code = randomCode(pick);
    expect(code).toMatch(ROOM_CODE_RE);
    expect(code.replaceAll('-', '')).toMatch(/[a-z]/);
    expect(normalizeRoomCode(code)).toBe(code);
    expect(drawn).toBeGreaterThan(9);
  });
});
