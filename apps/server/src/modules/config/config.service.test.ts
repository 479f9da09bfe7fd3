import { describe, expect, it } from 'vitest';
import { CONFIG_KEYS, ConfigKeyRequestSchema, DEFAULT_FEATURES } from '@aula/contracts';
import { parseEnabledFeatures, SERVER_CONFIG_DEFAULTS, SERVER_CONFIG_KEYS } from './config.service.ts';

describe('server-only configuration keys', () => {
  it('are never among the keys POST /api/config/key serves', () => {
    for (const key of SERVER_CONFIG_KEYS) {
      expect(CONFIG_KEYS as readonly string[]).not.toContain(key);
      expect(ConfigKeyRequestSchema.safeParse([key]).success).toBe(false);
    }
  });

  it('enabled_features defaults to the default feature list', () => {
    expect(parseEnabledFeatures(SERVER_CONFIG_DEFAULTS.enabled_features)).toEqual([...DEFAULT_FEATURES]);
  });
});

describe('parseEnabledFeatures', () => {
  it('reads comma-separated names, ignoring spaces, case, repeats and unknown names', () => {
    expect(parseEnabledFeatures(' Chat, push,matrix,,chat , bbb')).toEqual(['chat', 'bbb', 'push']);
  });
  it('an empty value switches every feature off', () => {
    expect(parseEnabledFeatures('')).toEqual([]);
  });
});
