import { describe, expect, it } from 'vitest';
import { daysFrom, formatSickDay, localDay } from './sick-days';

describe('the days of a sick notice', () => {
  it('counts whole days across months, years and the clock change', () => {
    expect(daysFrom('2026-11-26', '2026-11-26')).toBe(0);
    expect(daysFrom('2026-11-26', '2026-11-27')).toBe(1);
    expect(daysFrom('2026-11-26', '2026-11-25')).toBe(-1);
    expect(daysFrom('2026-12-31', '2027-01-01')).toBe(1);
    expect(daysFrom('2026-03-28', '2026-03-30')).toBe(2);
  });

  it('says yesterday, today and tomorrow in the reader’s language', () => {
    expect(formatSickDay('2026-11-26', '2026-11-26', 'de')).toBe('heute');
    expect(formatSickDay('2026-11-27', '2026-11-26', 'de')).toBe('morgen');
    expect(formatSickDay('2026-11-25', '2026-11-26', 'de')).toBe('gestern');
    expect(formatSickDay('2026-11-26', '2026-11-26', 'en')).toBe('today');
    expect(formatSickDay('2026-11-26', '2026-11-26', 'ar')).toBe('اليوم');
  });

  it('writes other days with the weekday, and the year only when it is not this year', () => {
    expect(formatSickDay('2026-11-23', '2026-11-26', 'de')).toBe('Mo., 23. Nov.');
    expect(formatSickDay('2025-11-24', '2026-11-26', 'de')).toBe('Mo., 24. Nov. 2025');
    expect(formatSickDay('2026-11-23', '2026-11-26', 'en')).toMatch(/Mon, (Nov 23|23 Nov)/);
  });

  it('reads today from the device clock', () => {
    expect(localDay(new Date(2026, 10, 26, 23, 30))).toBe('2026-11-26');
    expect(localDay(new Date(2026, 0, 5, 0, 5))).toBe('2026-01-05');
  });
});
