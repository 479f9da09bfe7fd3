import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SickNoticeSchema, type SickList, type SickNotice } from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';

type NoticeChange = Pick<SickNotice, 'id' | 'processed'> & Partial<SickNotice>;

/**
 * A list page with one notice changed (the server's answer, or the state the user just chose), and the unprocessed
 * count moved with it.
 */
export function withNotice(list: SickList, notice: NoticeChange): SickList {
  const before = list.items.find((n) => n.id === notice.id);
  if (!before) return list;
  const change = before.processed === notice.processed ? 0 : notice.processed ? -1 : 1;
  return {
    ...list,
    items: list.items.map((n) => (n.id === notice.id ? { ...n, ...notice } : n)),
    unprocessed: Math.max(0, list.unprocessed + change),
  };
}

/**
 * PATCH /api/sick/{id} `{ processed }` (spec 4.6, teachers and admins). The page on screen takes the answer in
 * place, so a notice just marked stays where it was, showing who processed it and when (and can be unmarked),
 * even when the list shows unprocessed notices only (decision 066). Everything else under ['sick'] is marked
 * stale and the top bar's count ['sick', 'count'] is fetched again; the next filter or page reads afresh.
 */
export function useProcessSickNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, processed }: { id: number; processed: boolean }) =>
      apiRequest(`/api/sick/${id}`, {
        method: 'PATCH',
        body: { processed },
        schema: SickNoticeSchema,
        requiresLogin: true,
      }),
    // the box ticks at once (who and when follow with the answer); a refusal puts the page back as it was
    onMutate: async ({ id, processed }) => {
      await queryClient.cancelQueries({ queryKey: ['sick', 'list'] });
      const previous = queryClient.getQueriesData<SickList>({ queryKey: ['sick', 'list'] });
      queryClient.setQueriesData<SickList>({ queryKey: ['sick', 'list'] }, (old) =>
        old ? withNotice(old, { id, processed, processedAt: null, processedBy: null }) : old,
      );
      return { previous };
    },
    onError: (_error, _input, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
    },
    onSuccess: async (notice) => {
      queryClient.setQueriesData<SickList>({ queryKey: ['sick', 'list'] }, (old) =>
        old ? withNotice(old, notice) : old,
      );
      queryClient.setQueryData(['sick', 'notice', notice.id], notice);
      await queryClient.invalidateQueries({ queryKey: ['sick'], refetchType: 'none' });
      await queryClient.invalidateQueries({ queryKey: ['sick', 'count'] });
    },
  });
}
