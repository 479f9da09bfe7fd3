import { describe, expect, test } from 'vitest';
import { optionalInt, optionalMatch, optionalOneOf, optionalString, optionalText } from './search-params';

// The readers replace zod's `….optional().catch(undefined)` on the start path (decision 049): a value of the
// wrong shape is dropped, the right one kept.
describe('search parameter readers', () => {
  test('text', () => {
    expect(optionalString('settings')).toBe('settings');
    expect(optionalString(3)).toBeUndefined();
    expect(optionalText(3)).toBe('3');
    expect(optionalText({})).toBeUndefined();
  });

  test('one of a list, and a pattern', () => {
    expect(optionalOneOf(['request', 'code'] as const, 'code')).toBe('code');
    expect(optionalOneOf(['request', 'code'] as const, 'other')).toBeUndefined();
    expect(optionalMatch(/^sso\.[a-z_]+$/, 'sso.no_account')).toBe('sso.no_account');
    expect(optionalMatch(/^sso\.[a-z_]+$/, 'javascript:alert(1)')).toBeUndefined();
  });

  test('whole numbers as zod coerced them', () => {
    expect(optionalInt(3)).toBe(3);
    expect(optionalInt('12')).toBe(12);
    expect(optionalInt('-2')).toBe(-2);
    expect(optionalInt('-2', { positive: true })).toBeUndefined();
    expect(optionalInt(0, { positive: true })).toBeUndefined();
    expect(optionalInt('')).toBeUndefined();
    expect(optionalInt('1.5')).toBeUndefined();
    expect(optionalInt('abc')).toBeUndefined();
    expect(optionalInt('1e400')).toBeUndefined();
    expect(optionalInt(true)).toBeUndefined();
  });
});
