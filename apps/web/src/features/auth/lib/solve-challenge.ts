// Loaded only when the server asks for a proof of work (a flooded school address, decision 074), so none of
// it weighs on the login page's first paint.
import { solveChallengeWorkers } from 'altcha-lib';
import type { LoginChallenge } from '@aula/contracts';
import { ApiError } from '@/lib/api-client';

// a phone has 4 to 8 cores; more workers than that only share them
const MAX_WORKERS = 4;
const TIMEOUT_MS = 60_000;

/** The proof-of-work challenge a 429 auth.challenge_required carries (decision 074). */
function challengeOf(error: unknown): LoginChallenge {
  const challenge =
    error instanceof ApiError
      ? (error.body as { challenge?: LoginChallenge } | undefined)?.challenge
      : undefined;
  if (typeof challenge?.signature !== 'string' || typeof challenge.parameters !== 'object')
    throw new Error('the answer carries no sign-in challenge');
  return challenge;
}

/**
 * Solves the challenge of a refused sign-in; the answer is what the sign-in sends again as `altcha` (base64 of
 * { challenge, solution }, ALTCHA's format).
 */
export async function solveLoginChallenge(refusal: unknown): Promise<string> {
  const challenge = challengeOf(refusal);
  const solution = await solveChallengeWorkers({
    challenge,
    concurrency: Math.max(1, Math.min(MAX_WORKERS, navigator.hardwareConcurrency || 1)),
    createWorker: () => new Worker(new URL('./challenge-worker.ts', import.meta.url), { type: 'module' }),
    timeout: TIMEOUT_MS,
  });
  if (!solution) throw new Error('the sign-in challenge was not solved in time');
  return btoa(JSON.stringify({ challenge, solution }));
}
