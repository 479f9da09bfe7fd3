import { queryOptions } from '@tanstack/react-query';
import { ChatConfigSchema } from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';

/** GET /api/matrix/config (spec 7.3, 3.5): seen indicator, upload limits, what the caller may start. */
export function chatConfigQueryOptions() {
  return queryOptions({
    queryKey: ['chat', 'config'],
    queryFn: ({ signal }) =>
      apiRequest('/api/matrix/config', { schema: ChatConfigSchema, requiresLogin: true, signal }),
    staleTime: 5 * 60_000,
  });
}
