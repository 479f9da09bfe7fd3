import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminMessage, OkResult } from '@aula/contracts';
import { apiRequest, trusted } from '@/lib/api-client';

const unseenKey = ['messages', 'unseen'] as const;

/** GET /api/messages/admin: the signed-in user's unseen messages; read again when the tab gets focus. */
export function unseenMessagesQueryOptions() {
  return queryOptions({
    queryKey: unseenKey,
    queryFn: ({ signal }) =>
      apiRequest('/api/messages/admin', { schema: trusted<AdminMessage[]>(), requiresLogin: true, signal }),
    staleTime: 60_000,
    refetchOnWindowFocus: true,
  });
}

/** POST /api/messages/admin/:id/seen: the card goes at once and comes back if the server refuses. */
export function useMarkSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/api/messages/admin/${id}/seen`, {
        method: 'POST',
        schema: trusted<OkResult>(),
        requiresLogin: true,
      }),
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: unseenKey });
      const before = queryClient.getQueryData<AdminMessage[]>(unseenKey);
      queryClient.setQueryData<AdminMessage[]>(unseenKey, (list) => list?.filter((m) => m.id !== id));
      return { before };
    },
    onError: (_error, _id, context) => {
      if (context?.before) queryClient.setQueryData(unseenKey, context.before);
    },
  });
}
