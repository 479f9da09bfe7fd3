/** Whole minutes left, rounded up (29:01 left shows as 30); 0 once the time is up. */
export function minutesLeft(expiration: number, now: number): number {
  return Math.max(0, Math.ceil((expiration - now) / 60_000));
}

/** m:ss, for the last minutes. */
export function clockLeft(expiration: number, now: number): string {
  const seconds = Math.max(0, Math.ceil((expiration - now) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
