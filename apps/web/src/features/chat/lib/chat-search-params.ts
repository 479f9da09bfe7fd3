// The address of /app/chat: `?room=7` is the open conversation (on a phone: the second screen), `msg` the
// message a chat dialog (edit-msg, history-msg, preview-img) is about. A value of the wrong shape is dropped
// (decision 049), so a mistyped address still opens the room list.
import { optionalInt } from '@/lib/search-params';

export interface ChatAddress {
  room?: number;
  msg?: number;
}

export function validateChatSearch(search: Record<string, unknown>): ChatAddress {
  return {
    room: optionalInt(search.room, { positive: true }),
    msg: optionalInt(search.msg, { positive: true }),
  };
}
