import { describe, expect, it } from 'vitest';
import { PALETTE } from '@aula/contracts';
import { iconColorValue, tileColorClass } from './tile-colors';

describe('tile colours (spec 3.6 palette)', () => {
  it.each(PALETTE)('%s maps to its own static background class and a text colour', (color) => {
    const classes = tileColorClass(color).split(' ');
    expect(classes).toContain(`bg-${color}`);
    expect(classes.some((c) => c === 'text-white' || c === 'text-slate-900')).toBe(true);
  });

  it('uses dark text on the light shades', () => {
    for (const color of PALETTE.filter((c) => c.endsWith('-100') || c.endsWith('-300'))) {
      expect(tileColorClass(color)).toContain('text-slate-900');
    }
  });

  it('falls back to a palette colour for an unknown value', () => {
    expect(tileColorClass('not-a-colour')).toMatch(/^bg-[a-z]+-\d{3} /);
  });

  it('turns iconColor into a safe CSS colour or nothing', () => {
    expect(iconColorValue('red-500')).toBe('var(--color-red-500)');
    expect(iconColorValue('#fff')).toBe('#fff');
    expect(iconColorValue('#12abEF')).toBe('#12abEF');
    expect(iconColorValue('red; background: url(x)')).toBeUndefined();
    expect(iconColorValue(null)).toBeUndefined();
  });
});
