import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The key encrypting secrets at rest: from AULA_SECRET_KEY, else created once in the data folder. */
export function loadSecretKey(hex: string | undefined, dataDir: string): Buffer {
  if (hex) return Buffer.from(hex, 'hex');
  const file = join(dataDir, 'secret.key');
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, key.toString('hex'), { mode: 0o600 });
  return key;
}
