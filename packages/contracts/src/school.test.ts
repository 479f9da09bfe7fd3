import { describe, expect, it } from 'vitest';
import { normalizeSettingValue } from './settings.ts';
import { accentContrast, contrastRatio, SchoolIdentityRequestSchema } from './school.ts';

describe('the accent colour check (decision 059)', () => {
  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    expect(contrastRatio('#1d4ed8', '#ffffff')).toBeCloseTo(contrastRatio('#ffffff', '#1d4ed8'), 10);
  });

  it('rounds down, so a colour just under 4.5:1 is not shown as 4.5', () => {
    expect(contrastRatio('#777777', '#ffffff')).toBeGreaterThan(4.47);
    expect(accentContrast('#777777')).toBe(4.4);
    expect(accentContrast('#767676')).toBe(4.5);
  });

  it('the generic settings route takes a readable colour, lower-cased, and refuses the rest', () => {
    expect(normalizeSettingValue('accent_color', '#0F766E')).toBe('#0f766e');
    expect(normalizeSettingValue('accent_color', '')).toBe('');
    for (const bad of ['#ffff00', '#777777', 'red', '#fff', '#0f766e ', 'url(x)'])
      expect(normalizeSettingValue('accent_color', bad), bad).toBeNull();
  });

  it('the request takes a one-line name of at most 80 characters and #rrggbb or nothing', () => {
    expect(SchoolIdentityRequestSchema.safeParse({ name: ' KGS ', accent: '' }).data).toEqual({
      name: 'KGS',
      accent: '',
    });
    for (const body of [
      { name: 'x'.repeat(81), accent: '' },
      { name: 'a\nb', accent: '' },
      { name: 'KGS', accent: '#12345' },
      { name: 'KGS', accent: 'blue' },
      { name: 'KGS' },
    ])
      expect(SchoolIdentityRequestSchema.safeParse(body).success, JSON.stringify(body)).toBe(false);
  });
});
