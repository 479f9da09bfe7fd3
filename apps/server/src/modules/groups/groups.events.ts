// The domain events of groups (lib/domain-events.ts, decision 084), published in the change's transaction.

/** Memberships were added or removed (user management, the identity import, single sign-on). */
export interface GroupMembersChanged {
  changes: readonly { userId: number; groupId: number }[];
  /** the caller's clock at the change */
  at: Date;
}

declare module '../../lib/domain-events.ts' {
  interface DomainEvents {
    'group.members_changed': GroupMembersChanged;
  }
}
