import { describe, expect, it } from 'vitest';
import { formatQuietTime } from './quiet-time';

describe('a quiet time in the dialog (issue 23 item 7)', () => {
  it('is written in the language’s digits on the 24-hour clock', () => {
    expect(formatQuietTime('19:00', 'de')).toBe('19:00');
    expect(formatQuietTime('07:30', 'en')).toBe('07:30');
    expect(formatQuietTime('19:00', 'fa')).toBe('۱۹:۰۰');
    expect(formatQuietTime('00:00', 'fa')).toBe('۰۰:۰۰');
  });

  it('in Arabic, with the digits Arabic numbers have in this browser (CLDR decides, as in the admin panel)', () => {
    const two = (n: number) => new Intl.NumberFormat('ar', { minimumIntegerDigits: 2 }).format(n);
    expect(formatQuietTime('19:05', 'ar')).toContain(two(19));
    expect(formatQuietTime('19:05', 'ar')).toContain(two(5));
  });
});
