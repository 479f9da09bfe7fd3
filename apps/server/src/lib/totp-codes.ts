import { generate, generateSecret, verify } from 'otplib';
import { TOTP_DIGITS, TOTP_PERIOD_S, TOTP_SECRET_BYTES } from '@aula/contracts';
import { openSecret, purposeKey, sealSecret } from './secret-box.ts';

/** How far back a matching code is told apart as "expired" rather than "wrong" (in time steps). */
export const EXPIRED_LOOKBACK_STEPS = 10;
export const TOTP_ISSUER = 'Aula';

/** A new seed: TOTP_SECRET_BYTES (160 bits) from the CSPRNG, base32 for authenticator apps. */
export function newTotpSeed(): string {
  return generateSecret({ length: TOTP_SECRET_BYTES });
}

/** RFC 6238 time step of an instant. */
export function timeStepOf(now: Date): number {
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_S);
}

/** The otpauth:// URI of the QR code, with every parameter spelled out (no app has to assume a default). */
export function totpUri(username: string, seed: string): string {
  const label = `${encodeURIComponent(TOTP_ISSUER)}:${encodeURIComponent(username)}`;
  const query = new URLSearchParams({
    secret: seed,
    issuer: TOTP_ISSUER,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_PERIOD_S),
  });
  return `otpauth://totp/${label}?${query.toString()}`;
}

/** The code of a seed at an instant (tests and the setup check use the same parameters as sign-in). */
export function totpCodeAt(seed: string, at: Date): Promise<string> {
  return generate({
    secret: seed,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_S,
    epoch: Math.floor(at.getTime() / 1000),
  });
}

export type CodeCheck =
  { result: 'ok'; step: number } | { result: 'used' } | { result: 'expired' } | { result: 'wrong' };

/**
 * Checks a code against the current step ±1 (RFC 6238 §5.2 delay). Steps up to lastStep are spent:
 * a code matching only those is "used"; one matching 2..10 steps back is "expired"; else "wrong".
 */
export async function checkTotpCode(
  seed: string,
  code: string,
  now: Date,
  lastStep: number | null,
): Promise<CodeCheck> {
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code)) return { result: 'wrong' };
  const epoch = Math.floor(now.getTime() / 1000);
  const base = { secret: seed, token: code, digits: TOTP_DIGITS, period: TOTP_PERIOD_S, epoch } as const;
  const current = timeStepOf(now);
  // otplib throws when afterTimeStep lies beyond the window; then every step of the window is spent
  if (lastStep === null || lastStep < current + 1) {
    const fresh = await verify({
      ...base,
      epochTolerance: TOTP_PERIOD_S,
      ...(lastStep === null || lastStep < 0 ? {} : { afterTimeStep: lastStep }),
    });
    if (fresh.valid) return { result: 'ok', step: current + fresh.delta };
  }
  if (lastStep !== null && (await verify({ ...base, epochTolerance: TOTP_PERIOD_S })).valid)
    return { result: 'used' };
  const old = await verify({ ...base, epochTolerance: [EXPIRED_LOOKBACK_STEPS * TOTP_PERIOD_S, 0] });
  return old.valid ? { result: 'expired' } : { result: 'wrong' };
}

/** Seeds are sealed to their user and column, so a value copied elsewhere does not open. */
export const activeTotpContext = (userId: number) => `totp:${userId}`;
export const pendingTotpContext = (userId: number) => `totp-pending:${userId}`;

export function sealTotpSeed(secretKey: Buffer, seed: string, context: string): string {
  return sealSecret(purposeKey(secretKey, 'totp-seal'), seed, context);
}

/** The seed, or null when it does not open (a lost or changed key). */
export function openTotpSeed(secretKey: Buffer, sealed: string, context: string): string | null {
  try {
    return openSecret(purposeKey(secretKey, 'totp-seal'), sealed, context);
  } catch {
    return null;
  }
}
