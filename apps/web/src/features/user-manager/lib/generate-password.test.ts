import { describe, expect, it } from 'vitest';
import { generatePassword } from './generate-password';

describe('generatePassword', () => {
  it('gives three groups of five characters without look-alikes', () => {
    const password = generatePassword();
    expect(password).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
  });

  it('is different each time', () => {
    const seen = new Set(Array.from({ length: 200 }, () => generatePassword()));
    expect(seen.size).toBe(200);
  });
});
