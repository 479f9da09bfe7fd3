import { describe, expect, it } from 'vitest';
import { formatDateTime, formatFileSize, formatNumber } from '@/lib/format';

const moment = Date.UTC(2026, 10, 22, 14, 5);
const utc = { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' } as const;

describe('locale formatting', () => {
  it('writes dates the way each language does', () => {
    expect(formatDateTime(moment, utc, 'de')).toBe('22.11.2026, 14:05');
    expect(formatDateTime(moment, utc, 'en')).toMatch(/^Nov 22, 2026, 2:05\sPM$/);
    // Gregorian in every language: 22 November 2026, not 1 Azar 1405.
    expect(formatDateTime(moment, utc, 'fa')).toMatch(/۲۲.*۲۰۲۶/);
    expect(formatDateTime(moment, { dateStyle: 'long', timeZone: 'UTC' }, 'ar')).toContain('نوفمبر');
  });

  it('uses each language’s digits and separators for numbers', () => {
    expect(formatNumber(1234.5, {}, 'de')).toBe('1.234,5');
    expect(formatNumber(1234.5, {}, 'en')).toBe('1,234.5');
    expect(formatNumber(12, {}, 'fa')).toBe('۱۲');
    expect(formatNumber(1234.5, {}, 'fa')).toBe('۱٬۲۳۴٫۵');
  });
});

describe('file sizes', () => {
  const MB = 1024 * 1024;

  it('writes the size with the language’s unit and separators', () => {
    expect(formatFileSize(MB, 'de')).toBe('1 MB');
    expect(formatFileSize(2.5 * MB, 'de')).toBe('2,5 MB');
    expect(formatFileSize(MB, 'en')).toBe('1 MB');
    expect(formatFileSize(512 * 1024, 'en')).toBe('512 kB');
  });

  it('gives right-to-left languages the unit’s word, so the figure is not moved after a Latin "MB"', () => {
    // issue 19: "بحد أقصى 1 MB" showed as "MB 1"
    for (const locale of ['ar', 'fa']) {
      const size = formatFileSize(MB, locale);
      expect(size).not.toMatch(/MB/);
      expect(size).toMatch(/^[1۱] \p{Script=Arabic}+$/u);
    }
    expect(formatFileSize(MB, 'ar')).toBe('1 ميغابايت');
    expect(formatFileSize(8 * MB, 'fa')).toBe('۸ مگابایت');
  });
});
