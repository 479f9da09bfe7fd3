import { describe, expect, it } from 'vitest';
import { dayDate, niceMax, placeX } from './chart-scale';

describe('chart scale', () => {
  it('rounds the axis up to an even step, so its middle line is a whole number too', () => {
    expect([0, 1, 3, 5, 7, 10, 11, 24, 51, 100, 180, 999].map(niceMax)).toEqual([
      2, 2, 4, 6, 8, 10, 20, 40, 60, 100, 200, 1000,
    ]);
  });

  it('mirrors the x axis for right-to-left languages only', () => {
    expect(placeX(40, 600, false)).toBe(40);
    expect(placeX(40, 600, true)).toBe(560);
  });

  it('reads a statistics day as midnight UTC', () => {
    expect(dayDate('2026-11-25').toISOString()).toBe('2026-11-25T00:00:00.000Z');
  });
});
