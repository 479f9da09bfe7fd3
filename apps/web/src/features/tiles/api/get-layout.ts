import { queryOptions } from '@tanstack/react-query';
import { LayoutResponseSchema } from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';

/** GET /api/layout: the logged-out layout for visitors, the personal one for a signed-in user (spec 4.5). */
export function layoutQueryOptions({ userId }: { userId: number | null }) {
  return queryOptions({
    queryKey: ['layout', { userId }],
    queryFn: ({ signal }) => apiRequest('/api/layout', { schema: LayoutResponseSchema, signal }),
  });
}
