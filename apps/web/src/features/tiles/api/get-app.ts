import { queryOptions } from '@tanstack/react-query';
import { BubbleSchema } from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';

/** GET /api/apps/{id}: one bubble, for the embedded app page. */
export function appQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['apps', id],
    queryFn: ({ signal }) =>
      apiRequest(`/api/apps/${id}`, { schema: BubbleSchema, requiresLogin: true, signal }),
  });
}
