import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadSecretKey, openSecret, sealSecret } from './secret-box.ts';

const key = Buffer.alloc(32, 1);
const SEED = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

describe('secret-box', () => {
  it('round trip: the sealed form is compact, versioned and hides the secret', () => {
    const sealed = sealSecret(key, SEED, 'totp:1');
    expect(sealed).toMatch(/^v1\.[\w-]{16}\.[\w-]+\.[\w-]{22}$/);
    expect(sealed).not.toContain(SEED);
    expect(openSecret(key, sealed, 'totp:1')).toBe(SEED);
  });

  it('a fresh IV every time: one secret sealed twice gives two different values', () => {
    expect(sealSecret(key, SEED, 'totp:1')).not.toBe(sealSecret(key, SEED, 'totp:1'));
  });

  it('tampering with any part fails closed', () => {
    const sealed = sealSecret(key, SEED, 'totp:1');
    const parts = sealed.split('.');
    for (let i = 1; i < parts.length; i++) {
      const bytes = Buffer.from(parts[i]!, 'base64url');
      bytes[0] = bytes[0]! ^ 1;
      const tampered = [...parts];
      tampered[i] = bytes.toString('base64url');
      expect(() => openSecret(key, tampered.join('.'), 'totp:1'), `part ${i}`).toThrow();
    }
    expect(() => openSecret(key, sealed.replace(/^v1/, 'v2'), 'totp:1')).toThrow();
    expect(() => openSecret(key, `${sealed}.x`, 'totp:1')).toThrow();
    expect(() => openSecret(key, 'not sealed', 'totp:1')).toThrow();
    expect(() => openSecret(key, '', 'totp:1')).toThrow();
  });

  it('a wrong key or another context (another user, another column) fails', () => {
    const sealed = sealSecret(key, SEED, 'totp:1');
    expect(() => openSecret(Buffer.alloc(32, 2), sealed, 'totp:1')).toThrow();
    expect(() => openSecret(key, sealed, 'totp:2')).toThrow();
    expect(() => openSecret(key, sealed, 'totp-pending:1')).toThrow();
  });

  it('refuses keys that are not 32 bytes', () => {
    expect(() => sealSecret(Buffer.alloc(16), SEED, 'x')).toThrow(/32 bytes/);
    expect(() => loadSecretKey('abcd', tmpdir())).toThrow(/32 bytes/);
  });

  it('loadSecretKey creates one key in the data folder, readable only by its owner, and reuses it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'aula-key-'));
    const first = loadSecretKey(undefined, dir);
    expect(first).toHaveLength(32);
    expect(statSync(join(dir, 'secret.key')).mode & 0o777).toBe(0o600);
    expect(loadSecretKey(undefined, dir).equals(first)).toBe(true);
    expect(readFileSync(join(dir, 'secret.key'), 'utf8')).toBe(first.toString('hex'));
    expect(loadSecretKey('07'.repeat(32), dir).equals(Buffer.alloc(32, 7))).toBe(true);
  });
});
