// Loaded only when the server asks for a proof of work (a flooded school address, decision 074), so none of
// it weighs on the login page's first paint.
import { solveChallengeWorkers } from 'altcha-lib';
import type { LoginChallenge } from '@aula/contracts';

// a phone has 4 to 8 cores; more workers than that only share them
const MAX_WORKERS = 4;
const TIMEOUT_MS = 60_000;

/** The solved challenge as the sign-in sends it (`altcha`: base64 of { challenge, solution }, ALTCHA's format). */
export async function solveLoginChallenge(challenge: LoginChallenge): Promise<string> {
  const solution = await solveChallengeWorkers({
    challenge,
    concurrency: Math.max(1, Math.min(MAX_WORKERS, navigator.hardwareConcurrency || 1)),
    createWorker: () => new Worker(new URL('./challenge-worker.ts', import.meta.url), { type: 'module' }),
    timeout: TIMEOUT_MS,
  });
  if (!solution) throw new Error('the sign-in challenge was not solved in time');
  return btoa(JSON.stringify({ challenge, solution }));
}
