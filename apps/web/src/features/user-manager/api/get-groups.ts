import { queryOptions } from '@tanstack/react-query';
import { GroupListSchema } from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';

/** GET /api/groups (spec 7.2): the school's groups for the filter and the user form. */
export function groupsQueryOptions() {
  return queryOptions({
    queryKey: ['groups', { account: null }],
    queryFn: ({ signal }) =>
      apiRequest('/api/groups', { schema: GroupListSchema, requiresLogin: true, signal }),
    staleTime: 5 * 60_000,
  });
}
