import { useSyncExternalStore } from 'react';

export interface ChatUnread {
  /** unread messages in all the caller's rooms (0 before it is known) */
  unread: number;
  /** the chat alert went off and the message is not read yet: the title says so */
  alerted: boolean;
}

// What the title shows of the chat. The watcher (chat-unread-watcher.ts) writes it; it loads with the live
// event stream once the page is idle after the first paint (providers.tsx), so the first screen carries only
// this store.
let current: ChatUnread = { unread: 0, alerted: false };
const listeners = new Set<() => void>();

/** The watcher's update. */
export function setChatUnread(change: Partial<ChatUnread>): void {
  current = { ...current, ...change };
  for (const listener of listeners) listener();
}

function subscribe(changed: () => void): () => void {
  listeners.add(changed);
  return () => listeners.delete(changed);
}

/**
 * Issue 22 item 4: the unread count for the title and the chat alert's mark (spec 3.6 `chatNotificationAlert`),
 * while someone is signed in and the school has the Chat feature on (0 and no mark otherwise).
 */
export function useChatUnread(): ChatUnread {
  return useSyncExternalStore(subscribe, () => current);
}
