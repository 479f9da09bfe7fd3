import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const KEY_BYTES = 32;
const IV_BYTES = 12; // the GCM standard nonce size
const TAG_BYTES = 16;
const VERSION = 'v1';

/** The key encrypting secrets at rest: from AULA_SECRET_KEY, else created once in the data folder. */
export function loadSecretKey(hex: string | undefined, dataDir: string): Buffer {
  if (hex) return checkedKey(Buffer.from(hex, 'hex'));
  const file = join(dataDir, 'secret.key');
  if (existsSync(file)) return checkedKey(Buffer.from(readFileSync(file, 'utf8').trim(), 'hex'));
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(KEY_BYTES);
  writeFileSync(file, key.toString('hex'), { mode: 0o600 });
  return key;
}

function checkedKey(key: Buffer): Buffer {
  if (key.length !== KEY_BYTES)
    throw new Error(`the secret key must be ${KEY_BYTES} bytes (64 hex characters)`);
  return key;
}

/**
 * AES-256-GCM with a random IV: "v1.<iv>.<ciphertext>.<tag>" in base64url. The context (e.g. "totp:42")
 * is authenticated but not stored, so a sealed value copied into another row or column does not open.
 */
export function sealSecret(key: Buffer, plain: string, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', checkedKey(key), iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const parts = [iv, data, cipher.getAuthTag()].map((b) => b.toString('base64url'));
  return [VERSION, ...parts].join('.');
}

/** Opens a sealed value; anything malformed, tampered with, under another key or context throws. */
export function openSecret(key: Buffer, sealed: string, context: string): string {
  const [version, iv, data, tag, ...rest] = sealed.split('.');
  if (version !== VERSION || iv === undefined || data === undefined || tag === undefined || rest.length > 0)
    throw new Error('secret-box: unknown format');
  const ivBytes = Buffer.from(iv, 'base64url');
  const tagBytes = Buffer.from(tag, 'base64url');
  if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES)
    throw new Error('secret-box: unknown format');
  const decipher = createDecipheriv('aes-256-gcm', checkedKey(key), ivBytes, { authTagLength: TAG_BYTES });
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(tagBytes);
  // final() throws when the tag does not match: nothing unauthenticated is ever returned
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

/** The purposes keys are derived for; each module's manifest names its own (decision 090). */
export const SECRET_PURPOSES = [
  'totp-seal',
  'reset-code',
  'oidc-secret',
  'sso-seal',
  'bbb-secret',
  'push-vapid',
  'login-challenge',
  'login-challenge-key',
  'login-device',
] as const;
export type SecretPurpose = (typeof SECRET_PURPOSES)[number];

/** One key per purpose from the one secret (HKDF-SHA-256), so sealing seeds and keying reset codes never share a key. */
export function purposeKey(secretKey: Buffer, purpose: SecretPurpose): Buffer {
  return Buffer.from(hkdfSync('sha256', secretKey, Buffer.alloc(0), `aula ${purpose}`, 32));
}
