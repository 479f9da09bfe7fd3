import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SickNoticeSchema } from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';

/**
 * PATCH /api/sick/{id} `{ processed }` (spec 4.6, teachers and admins). Afterwards everything under ['sick'] is
 * fetched again: the list, the notice, and the top bar's count ['sick', 'count'].
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
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['sick'] }),
  });
}
