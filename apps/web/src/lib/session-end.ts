// Why the server ended a session (a forced sign-out), for the after-logout dialog. Kept out of lib/session.ts:
// only the dialog, loaded when shown, reads it.
import type { EventData } from '@aula/contracts';
import { SIGNED_OUT_ENDED_KEY } from '@/lib/session';

/** The live stream's session.end reasons; a 418 answer is `revoked`. */
export type SessionEndReason = EventData<'session.end'>['reason'];
const REASONS: readonly string[] = [
  'blocked',
  'password',
  'revoked',
  'logout',
  'expired',
] satisfies SessionEndReason[];

/** Why the server ended this tab's last session, when it did; an unknown value is not shown. */
export function signedOutEnded(): SessionEndReason | undefined {
  try {
    const value = sessionStorage.getItem(SIGNED_OUT_ENDED_KEY);
    return value !== null && REASONS.includes(value) ? (value as SessionEndReason) : undefined;
  } catch {
    return undefined;
  }
}
