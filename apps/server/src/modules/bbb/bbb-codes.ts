// A room's code and its meeting's secrets (decision 067): random from node:crypto, nothing derived.
import { randomBytes, randomInt } from 'node:crypto';
import { ROOM_CODE_ALPHABET } from '@aula/contracts';

/** A random room code: three groups of three from ROOM_CODE_ALPHABET (contracts plain/bbb.ts). */
export function randomCode(): string {
  const chars = Array.from({ length: 9 }, () => ROOM_CODE_ALPHABET[randomInt(ROOM_CODE_ALPHABET.length)]!);
  return `${chars.slice(0, 3).join('')}-${chars.slice(3, 6).join('')}-${chars.slice(6).join('')}`;
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
