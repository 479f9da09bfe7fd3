import { queryOptions } from '@tanstack/react-query';
import { AppTypeListSchema } from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';

/** GET /api/apps/types: the special tile types (spec 3.1, 7.2). */
export function appTypesQueryOptions() {
  return queryOptions({
    queryKey: ['apps', 'types'],
    queryFn: ({ signal }) =>
      apiRequest('/api/apps/types', { schema: AppTypeListSchema, requiresLogin: true, signal }),
    staleTime: Infinity,
  });
}
