import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { UserListSchema, type UserSearchQuery } from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';

export function searchParams(filter: UserSearchQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter))
    if (value !== undefined && value !== '') params.set(key, String(value));
  return params.toString();
}

/** GET /api/v2/users: one page of the search (teachers get the students of their own groups). */
export function usersQueryOptions(filter: UserSearchQuery) {
  return queryOptions({
    queryKey: ['user-manager', 'users', filter],
    queryFn: ({ signal }) =>
      apiRequest(`/api/v2/users?${searchParams(filter)}`, {
        schema: UserListSchema,
        requiresLogin: true,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
