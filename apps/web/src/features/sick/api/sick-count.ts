import { queryOptions } from '@tanstack/react-query';
import type { SickCount } from '@aula/contracts';
import { apiRequest, trusted } from '@/lib/api-client';

/**
 * GET /api/sick/count: the unprocessed notices of those who process them (the top bar's badge). On the first
 * paint's path, so the answer is trusted (decision 049); fetched again on window focus, at most once a minute.
 */
export function sickCountQueryOptions(enabled: boolean) {
  return queryOptions({
    queryKey: ['sick', 'count'],
    queryFn: () => apiRequest('/api/sick/count', { schema: trusted<SickCount>(), requiresLogin: true }),
    enabled,
    staleTime: 60_000,
    refetchOnWindowFocus: true,
    retry: false,
  });
}
