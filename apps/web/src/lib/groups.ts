import { queryOptions } from '@tanstack/react-query';
import { GroupListSchema } from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';

/** GET /api/groups (spec 7.2): every group of the school, or those of one account; tiles, users and messages share it. */
export function groupsQueryOptions(account?: number) {
  return queryOptions({
    queryKey: ['groups', { account: account ?? null }],
    queryFn: ({ signal }) =>
      apiRequest(account === undefined ? '/api/groups' : `/api/groups?account=${account}`, {
        schema: GroupListSchema,
        requiresLogin: true,
        signal,
      }),
    staleTime: 5 * 60_000,
  });
}
