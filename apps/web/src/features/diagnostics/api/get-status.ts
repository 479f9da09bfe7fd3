import { queryOptions, useQuery } from '@tanstack/react-query';
import { ServerStatusSchema } from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';

export const STATUS_REFRESH_MS = 30_000;

/** GET /api/status: API, database, version, uptime, mail mode and outside systems (admins); refreshed every 30 s. */
export function statusQueryOptions() {
  return queryOptions({
    queryKey: ['diagnostics', 'status'],
    queryFn: ({ signal }) =>
      apiRequest('/api/status', { schema: ServerStatusSchema, requiresLogin: true, signal }),
    refetchInterval: STATUS_REFRESH_MS,
  });
}

export function useServerStatus() {
  return useQuery(statusQueryOptions());
}
