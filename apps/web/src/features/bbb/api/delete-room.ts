import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, trusted } from '@/lib/api-client';

/** DELETE /api/bbb/{id} (spec 7.3, delete-room): the owner and admins. */
export function useDeleteRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/api/bbb/${id}`, { method: 'DELETE', schema: trusted<unknown>(), requiresLogin: true }),
    onSuccess: async (_answer, id) => {
      queryClient.removeQueries({ queryKey: ['bbb', 'room', id] });
      await queryClient.invalidateQueries({ queryKey: ['bbb', 'list'] });
    },
  });
}
