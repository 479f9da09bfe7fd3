import { describe, expect, it } from 'vitest';
import { CONFIG_DEFAULTS, CONFIG_KEYS, parseConfig, parseConfigValue } from './config.ts';

describe('parseConfigValue (spec 3.5)', () => {
  it('turns "true" and "false" into booleans', () => {
    expect(parseConfigValue('true')).toBe(true);
    expect(parseConfigValue('false')).toBe(false);
  });
  it('turns numeric strings into numbers', () => {
    expect(parseConfigValue('12')).toBe(12);
    expect(parseConfigValue('0')).toBe(0);
    expect(parseConfigValue('-3')).toBe(-3);
    expect(parseConfigValue('2.5')).toBe(2.5);
  });
  it('keeps every other value as a string', () => {
    for (const raw of ['', 'True', 'yes', ' 12', '12px', '1e3', 'Willkommen!', '0x10'])
      expect(parseConfigValue(raw)).toBe(raw);
  });
  it('parses a whole map', () => {
    expect(parseConfig({ allow_no_login: 'true', password_length: '10', login_msg: 'Hallo' })).toEqual({
      allow_no_login: true,
      password_length: 10,
      login_msg: 'Hallo',
    });
  });
  it('has a default for every key of spec 3.5', () => {
    expect(Object.keys(CONFIG_DEFAULTS).sort()).toEqual([...CONFIG_KEYS].sort());
  });
});
