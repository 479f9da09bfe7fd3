// Zod-free: the login and home pages' room-code field imports this (decision 049); schemas are in ../bbb.ts.

/**
 * A room's code: what a teacher reads out and what /b/{code} shows. Three groups of three lowercase letters
 * and digits without the look-alikes 0/o, 1/l/i (e.g. `abc-234-xyz`); 31^9 ≈ 2.6·10^13 codes.
 */
export const ROOM_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const ROOM_CODE_RE = /^[a-hjkmnp-z2-9]{3}-[a-hjkmnp-z2-9]{3}-[a-hjkmnp-z2-9]{3}$/;

/**
 * What someone typed as a room code: lower case, separators and spaces dropped, then grouped again; null when
 * it cannot be a code. "ABC 234 XYZ", "abc234xyz" and "abc-234-xyz" are the same code.
 */
export function normalizeRoomCode(input: string): string | null {
  const raw = input.toLowerCase().replace(/[\s\-_.]/g, '');
  if (raw.length !== 9) return null;
  const code = `${raw.slice(0, 3)}-${raw.slice(3, 6)}-${raw.slice(6)}`;
  return ROOM_CODE_RE.test(code) ? code : null;
}
