import { describe, expect, it } from 'vitest';
import { clockLeft, minutesLeft } from './time-left';

describe('impersonation time left', () => {
  it('rounds minutes up and stops at zero', () => {
    expect(minutesLeft(30 * 60_000, 0)).toBe(30);
    expect(minutesLeft(30 * 60_000, 61_000)).toBe(29);
    expect(minutesLeft(30 * 60_000, 30 * 60_000 - 1)).toBe(1);
    expect(minutesLeft(1000, 5000)).toBe(0);
  });

  it('shows the last minutes as m:ss', () => {
    expect(clockLeft(90_000, 0)).toBe('1:30');
    expect(clockLeft(59_000, 0)).toBe('0:59');
    expect(clockLeft(0, 10)).toBe('0:00');
  });
});
