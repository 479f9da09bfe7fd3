import { queryOptions } from '@tanstack/react-query';
import type { PushConfigResponse } from '@aula/contracts';
import { apiRequest, trusted } from '@/lib/api-client';

export const pushConfigQueryKey = ['push', 'config'] as const;

/** GET /api/config/firebase (spec 7.4, decision 073): whether the school has push on, and its VAPID key. */
export function getPushConfig(signal?: AbortSignal) {
  return apiRequest('/api/config/firebase', {
    schema: trusted<PushConfigResponse>(),
    requiresLogin: true,
    signal,
  });
}

export function pushConfigQueryOptions() {
  return queryOptions({
    queryKey: pushConfigQueryKey,
    queryFn: ({ signal }) => getPushConfig(signal),
    staleTime: 5 * 60_000,
    retry: false,
  });
}
