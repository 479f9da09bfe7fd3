import { describe, expect, it } from 'vitest';
import { formatDateTime, formatNumber } from '@/lib/format';

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
