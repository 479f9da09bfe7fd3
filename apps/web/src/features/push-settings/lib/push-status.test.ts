import { describe, expect, it } from 'vitest';
import { SETTINGS_META, type SettingMeta } from '@aula/contracts';
import { failureKind, quietHoursTab, quietTimeInstant, schoolQuietHours, shortKey } from './push-status';

const KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';

describe('shortKey', () => {
  it('keeps the start and the end of a VAPID public key', () => {
    expect(shortKey(KEY)).toBe('BEl62iUY…p5Nksh8U');
  });
  it('leaves a key that is already short as it is', () => {
    expect(shortKey('abcdefgh12345678')).toBe('abcdefgh12345678');
    expect(shortKey('abcdefgh-12345678')).toBe('abcdefgh-12345678');
    expect(shortKey('abcdefgh--12345678')).toBe('abcdefgh…12345678');
  });
});

describe('failureKind: what a push service answer means (decision 073)', () => {
  it.each([
    [404, 'gone'],
    [410, 'gone'],
    [429, 'busy'],
    [500, 'server'],
    [503, 'server'],
    [599, 'server'],
    [0, 'noAnswer'],
    [400, 'refused'],
    [403, 'refused'],
    [413, 'refused'],
    [600, 'refused'],
  ] as const)('%i is %s', (status, kind) => {
    expect(failureKind(status)).toBe(kind);
  });
});

describe('schoolQuietHours', () => {
  it('reads the school settings', () => {
    expect(schoolQuietHours({ push_quiet_start: '20:30', push_quiet_end: '06:00' })).toEqual({
      start: '20:30',
      end: '06:00',
    });
  });
  it('falls back to 19:00 to 07:00 while the settings are missing', () => {
    expect(schoolQuietHours({})).toEqual({ start: '19:00', end: '07:00' });
  });
  it('takes the default for a value that is not a quiet time', () => {
    expect(schoolQuietHours({ push_quiet_start: '25:00', push_quiet_end: '06:15' })).toEqual({
      start: '19:00',
      end: '07:00',
    });
  });
  it('equal times switch quiet hours off', () => {
    expect(schoolQuietHours({ push_quiet_start: '22:00', push_quiet_end: '22:00' })).toBeNull();
  });
});

describe('quietHoursTab', () => {
  it('follows the settings framework', () => {
    const meta: Record<string, SettingMeta> = {
      push_quiet_start: { type: 'enum', values: [], tab: 'settings' },
    };
    expect(quietHoursTab(meta)).toBe('settings');
  });
  it('is the school tab, beside the time zone, while the key does not exist', () => {
    expect(quietHoursTab({})).toBe('school');
  });
  it('is a tab that exists for the real settings', () => {
    expect(['settings', 'school', 'login-bg']).toContain(quietHoursTab(SETTINGS_META));
  });
});

describe('quietTimeInstant', () => {
  it('is the time of day in UTC', () => {
    expect(quietTimeInstant('07:30').toISOString()).toBe('2000-01-01T07:30:00.000Z');
  });
});
