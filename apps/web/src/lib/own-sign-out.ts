// This tab is signing out itself (issue 22): the live stream's `session.end` with reason `logout` for the same
// session is its own sign-out coming back and must not be taken for a forced one. Kept off the start path:
// only the sign-out (features/auth/api/logout.ts) and the stream (lib/events.ts), both lazy, use it.
let ownSignOut = false;

export function markOwnSignOut(on: boolean): void {
  ownSignOut = on;
}

export function isOwnSignOut(): boolean {
  return ownSignOut;
}
