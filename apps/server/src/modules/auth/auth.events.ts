// The domain events the session lifecycle publishes (lib/domain-events.ts, decision 084), in the transaction
// that ends the sessions.

/** Sessions ended (sign-out, replaced, a provider's single logout, idle, revoked): `reason` says why. */
export interface SessionEnded {
  sessionIds: readonly number[];
  reason: string;
}

/** Every live session of a user was revoked (a block, a password change or reset, …), but `exceptSessionId`. */
export interface UserSessionsRevoked {
  userId: number;
  exceptSessionId?: number;
  reason: string;
}

declare module '../../lib/domain-events.ts' {
  interface DomainEvents {
    'session.ended': SessionEnded;
    'user.sessions_revoked': UserSessionsRevoked;
  }
}
