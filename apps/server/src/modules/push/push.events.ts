// What push does on other areas' domain events (lib/domain-events.ts, decision 084): each handler writes (queues
// pushes, removes devices) and so runs inside the publishing transaction: a push is queued exactly when the change
// commits. Push owns only delivery, quiet hours and relevance; the areas own their events.
import { inTransactionHandler, type AnyDomainHandler } from '../../lib/domain-events.ts';
import {
  pushAdminMessage,
  pushChatMessage,
  pushSickNotice,
  pushVideoStarted,
} from './push-enqueue.service.ts';
import { endSessionSubscriptions, endUserSubscriptions } from './push-subscriptions.service.ts';

export const pushEventHandlers: readonly AnyDomainHandler[] = [
  inTransactionHandler('chat.message_sent', 'push: chat message', (tx, e, origin) =>
    pushChatMessage(tx, origin, e),
  ),
  inTransactionHandler('admin_message.published', 'push: admin message', (tx, e, origin) =>
    pushAdminMessage(tx, origin, e),
  ),
  inTransactionHandler('sick.reported', 'push: sick notice', (tx, e, origin) =>
    pushSickNotice(tx, origin, e),
  ),
  inTransactionHandler('room.started', 'push: video room started', (tx, e, origin) =>
    pushVideoStarted(tx, origin, e),
  ),
  // a shared device stops getting this user's pushes (decision 073); a session that merely idled out keeps its
  // device, as one that runs out does
  inTransactionHandler('session.ended', 'push: devices of ended sessions', (tx, e) =>
    e.reason === 'idle' ? Promise.resolve(0) : endSessionSubscriptions(tx, e.sessionIds),
  ),
  inTransactionHandler('user.sessions_revoked', 'push: devices of a revoked user', (tx, e) =>
    endUserSubscriptions(tx, e.userId, e.exceptSessionId),
  ),
];
