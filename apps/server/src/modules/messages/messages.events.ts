// The domain events of admin messages (lib/domain-events.ts, decision 084), published in the change's transaction.

/** A new admin message: for the members of its groups (none: the whole school), from `startsAt` to `endsAt`. */
export interface AdminMessagePublished {
  id: number;
  groupIds: readonly number[];
  startsAt: Date | null;
  endsAt: Date | null;
  authorId: number;
}

declare module '../../lib/domain-events.ts' {
  interface DomainEvents {
    'admin_message.published': AdminMessagePublished;
  }
}
