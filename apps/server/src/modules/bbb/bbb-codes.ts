// A room's code and its meeting's secrets (decision 067): random from node:crypto, nothing derived.
import { randomBytes, randomInt } from 'node:crypto';
import { ROOM_CODE_ALPHABET } from '@aula/contracts';

/**
 * A random room code: three groups of three from ROOM_CODE_ALPHABET (contracts plain/bbb.ts), with at least
 * one letter: a code of digits only, typed without its separators, would be read as a room's number.
 */
export function randomCode(pick: (n: number) => number = randomInt): string {
  for (;;) {
    const chars = Array.from({ length: 9 }, () => ROOM_CODE_ALPHABET[pick(ROOM_CODE_ALPHABET.length)]!);
    if (chars.some((c) => c < '0' || c > '9'))
      return `${chars.slice(0, 3).join('')}-${chars.slice(3, 6).join('')}-${chars.slice(6).join('')}`;
  }
}

const secretToken = (bytes: number) => randomBytes(bytes).toString('base64url');

/** A new room's meeting on the BBB server: a stable id that tells nothing, and its two passwords. */
export function newMeeting(): { meetingId: string; attendeePw: string; moderatorPw: string } {
  return {
    meetingId: `aula-${randomBytes(16).toString('hex')}`,
    attendeePw: secretToken(12),
    moderatorPw: secretToken(12),
  };
}

/** How often a write gets a new code when the one it drew was taken meanwhile. */
const CODE_ATTEMPTS = 5;

/** Whether a write failed on the unique index of room codes (a code taken since it was drawn). */
function isCodeTaken(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint, message } = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (code === '23505' && (constraint === 'bbb_rooms_code' || String(message).includes('bbb_rooms_code')))
      return true;
  }
  return false;
}

/**
 * Runs a write (a transaction) with a newly drawn code, and again with another when the unique index says
 * the code was taken meanwhile: codes are unique over all schools, and no read before the write can promise
 * that a parallel write does not take the same one.
 */
export async function withFreshCode<T>(
  write: (code: string) => Promise<T>,
  next: () => string = randomCode,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write(next());
    } catch (err) {
      if (attempt >= CODE_ATTEMPTS || !isCodeTaken(err)) throw err;
    }
  }
}
