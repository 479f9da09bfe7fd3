import { queryOptions } from '@tanstack/react-query';
import { TileSchema } from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';

/** GET /api/apps/{id}: one tile, for the embedded app page. */
export function appQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['apps', id],
    queryFn: ({ signal }) =>
      apiRequest(`/api/apps/${id}`, { schema: TileSchema, requiresLogin: true, signal }),
  });
}
