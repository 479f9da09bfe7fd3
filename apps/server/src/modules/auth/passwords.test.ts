import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, verifyPassword } from './passwords.ts';

describe('passwords', () => {
  it('hashes with argon2id and verifies', async () => {
    const h = await hashPassword('Kreide-Tafel-42');
    expect(h.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
    expect(await verifyPassword(h, 'Kreide-Tafel-42')).toBe(true);
    expect(await verifyPassword(h, 'Kreide-Tafel-43')).toBe(false);
    expect(needsRehash(h)).toBe(false);
  });
  it('asks for a re-hash when the parameters differ, and fails closed on a malformed hash', async () => {
    expect(needsRehash('$argon2id$v=19$m=4096,t=3,p=1$abc$def')).toBe(true);
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
  });
});
