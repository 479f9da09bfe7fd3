// The chat's domain events (lib/domain-events.ts, decision 084): what it publishes, and what it handles of
// other areas' changes.
import { inTransactionHandler, type AnyDomainHandler } from '../../lib/domain-events.ts';
import { groupMembershipsChanged } from './chat-memberships.service.ts';

/** A new message in a room; `memberIds` are the room's members, who got the chat.message event. */
export interface ChatMessageSent {
  roomId: number;
  messageId: number;
  senderId: number;
  memberIds: readonly number[];
}

declare module '../../lib/domain-events.ts' {
  interface DomainEvents {
    'chat.message_sent': ChatMessageSent;
  }
}

export const chatEventHandlers: readonly AnyDomainHandler[] = [
  // group rooms follow their groups' members, who hear it in the change's transaction (decision 070)
  inTransactionHandler('group.members_changed', 'chat: group rooms', (tx, e, origin) =>
    groupMembershipsChanged(tx, origin.schoolId, e.changes, e.at),
  ),
];
