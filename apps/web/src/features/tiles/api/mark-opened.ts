import type { QueryClient } from '@tanstack/react-query';
import type { LayoutResponse } from '@aula/contracts';
import { apiRequest, trusted } from '@/lib/api-client';

/**
 * PATCH /api/layout/{id}/new: the caller opened this tile, so it is no longer new for them (and only
 * for them). The badge goes at once; the layout is fetched again afterwards.
 */
export function markOpened(queryClient: QueryClient, id: number): void {
  queryClient.setQueriesData<LayoutResponse>({ queryKey: ['layout'] }, (data) =>
    data ? { ...data, layout: data.layout.map((b) => (b.id === id ? { ...b, new: false } : b)) } : data,
  );
  void apiRequest(`/api/layout/${id}/new`, {
    method: 'PATCH',
    schema: trusted<unknown>(),
    requiresLogin: true,
  })
    .then(() => queryClient.invalidateQueries({ queryKey: ['layout'] }))
    .catch(() => undefined);
}
