import { describe, expect, it } from 'vitest';
import { demoPassword } from './seed.ts';

describe('demo passwords', () => {
  it('are 12 random characters from 32 (60 bits) in three groups, and differ', () => {
    const seen = new Set(Array.from({ length: 50 }, demoPassword));
    expect(seen.size).toBe(50);
    for (const p of seen) expect(p).toMatch(/^[a-hjkmnp-z2-9A]{4}-[a-hjkmnp-z2-9A]{4}-[a-hjkmnp-z2-9A]{4}$/);
  });
});
