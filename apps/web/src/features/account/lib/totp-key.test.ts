import { describe, expect, it } from 'vitest';
import { groupKey } from './totp-key';

describe('the manual TOTP key', () => {
  it('is shown in groups of four', () => {
    expect(groupKey('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(groupKey('ABCDEF')).toBe('ABCD EF');
    expect(groupKey('')).toBe('');
  });
});
