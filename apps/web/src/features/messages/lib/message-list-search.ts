// The address of /dashboard/messages, checked by the list itself (the dashboard route only knows `id`): a value
// of the wrong shape is dropped, never an error, so a mistyped address still opens the list (decision 049).
import { optionalInt } from '@/lib/search-params';

export interface MessageListAddress {
  page?: number;
}

export function validateMessageListSearch(search: Record<string, unknown>): MessageListAddress {
  return { page: optionalInt(search.page, { positive: true }) };
}
