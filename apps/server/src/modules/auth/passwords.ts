import { hash, verify, type Algorithm } from '@node-rs/argon2';

// Algorithm is an ambient const enum, which isolated modules cannot read: 2 is Argon2id.
const ARGON2ID = 2 as Algorithm;

// SECURITY.md: argon2id at m=19456 KiB, t=2, p=1
export const ARGON2_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

const PARAMS = `$argon2id$v=19$m=${ARGON2_OPTIONS.memoryCost},t=${ARGON2_OPTIONS.timeCost},p=${ARGON2_OPTIONS.parallelism}$`;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

let verifies = 0;
/** How many argon2 verifications this process has run: proves an unknown account costs one like a known one. */
export function verifyCount(): number {
  return verifies;
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  verifies++;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash made with other parameters is replaced at the next successful sign-in. */
export function needsRehash(passwordHash: string): boolean {
  return !passwordHash.startsWith(PARAMS);
}

let dummy: Promise<string> | undefined;
/** Unknown accounts are verified against this hash so they take as long as known ones (SECURITY.md). */
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword('aula-dummy-password-for-timing');
  return dummy;
}
