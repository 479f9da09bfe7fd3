import { queryOptions } from '@tanstack/react-query';
import type { OnlineList } from '@aula/contracts';
import { apiRequest, trusted } from '@/lib/api-client';

/** The online list's query; the live stream's `presence` event refetches it (app/live-events.ts). */
export const onlineUsersQueryKey = ['online'] as const;

/** GET /api/users/online: the lara ids seen recently (spec 4.4); the server's ETag saves the body. */
export function onlineUsersQueryOptions() {
  return queryOptions({
    queryKey: onlineUsersQueryKey,
    queryFn: ({ signal }) =>
      apiRequest('/api/users/online', { schema: trusted<OnlineList>(), requiresLogin: true, signal }),
    staleTime: 15_000,
  });
}
