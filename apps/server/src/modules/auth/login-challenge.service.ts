// The proof of work a sign-in from a flooded address carries (SECURITY.md "Brute force", decision 074): ALTCHA's
// v2 challenge (PBKDF2/SHA-256), made and checked here, solved by the login page. It costs a browser about a
// second and a guessing script as much per guess; the server pays one key derivation to make it and none to
// check it (the derived key is signed with the challenge). Each solution is taken once.
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { z } from 'zod';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import {
  LOGIN_CHALLENGE_COST,
  LOGIN_CHALLENGE_MAX_COUNTER,
  LOGIN_CHALLENGE_MIN_COUNTER,
  LOGIN_CHALLENGE_TTL_MS,
  LoginChallengeSchema,
  type LoginChallenge,
} from '@aula/contracts';
import type { Ctx } from '../../context.ts';
import { purposeKey } from '../../lib/secret-box.ts';
import { spendLoginChallenge } from './login-throttle.repo.ts';

const ALGORITHM = 'PBKDF2/SHA-256';

const secrets = new WeakMap<Buffer, { signature: string; key: string }>();
function secretsOf(secretKey: Buffer): { signature: string; key: string } {
  let s = secrets.get(secretKey);
  if (!s) {
    s = {
      signature: purposeKey(secretKey, 'login-challenge').toString('hex'),
      key: purposeKey(secretKey, 'login-challenge-key').toString('hex'),
    };
    secrets.set(secretKey, s);
  }
  return s;
}

/** A new challenge for this school, valid for LOGIN_CHALLENGE_TTL_MS by the server's clock. */
export async function newLoginChallenge(ctx: Ctx): Promise<LoginChallenge> {
  const { signature, key } = secretsOf(ctx.secretKey);
  const challenge = await createChallenge({
    algorithm: ALGORITHM,
    cost: LOGIN_CHALLENGE_COST,
    counter: randomInt(LOGIN_CHALLENGE_MIN_COUNTER, LOGIN_CHALLENGE_MAX_COUNTER),
    deriveKey,
    hmacSignatureSecret: signature,
    hmacKeySignatureSecret: key,
    // the expiry by the server's own clock (ALTCHA's expiresAt is read against the wall clock)
    data: { school: ctx.schoolId, until: ctx.clock().getTime() + LOGIN_CHALLENGE_TTL_MS },
  });
  return LoginChallengeSchema.parse(challenge);
}

const PayloadSchema = z.object({
  challenge: LoginChallengeSchema,
  solution: z.object({ counter: z.number().int().nonnegative(), derivedKey: z.string().max(256) }),
});

function decode(altcha: string): z.infer<typeof PayloadSchema> | null {
  try {
    const parsed = PayloadSchema.safeParse(JSON.parse(Buffer.from(altcha, 'base64').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * True when `altcha` solves a challenge this school's server made, not yet expired and not used before; the
 * solution is spent by this call. Anything else (forged, altered, expired, replayed, garbage) is false.
 */
export async function takeLoginChallenge(ctx: Ctx, altcha: string | undefined): Promise<boolean> {
  if (!altcha) return false;
  const payload = decode(altcha);
  if (!payload) return false;
  const { data } = payload.challenge.parameters;
  const until = typeof data?.until === 'number' ? data.until : 0;
  if (data?.school !== ctx.schoolId || until <= ctx.clock().getTime()) return false;
  const { signature, key } = secretsOf(ctx.secretKey);
  const result = await verifySolution({
    challenge: payload.challenge,
    solution: payload.solution,
    deriveKey,
    hmacSignatureSecret: signature,
    hmacKeySignatureSecret: key,
  });
  if (!result.verified) return false;
  return spendLoginChallenge(ctx.db, payload.challenge.signature, new Date(until));
}
