import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, trusted } from '@/lib/api-client';

/** POST /api/matrix/room/delete (spec 7.3, edit-room): the room's owner, its moderators and admins. */
export function useDeleteChatRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (roomId: number) =>
      apiRequest('/api/matrix/room/delete', {
        method: 'POST',
        body: { roomId },
        schema: trusted<unknown>(),
        requiresLogin: true,
      }),
    onSuccess: async (_answer, roomId) => {
      queryClient.removeQueries({ queryKey: ['chat', 'room', roomId] });
      queryClient.removeQueries({ queryKey: ['chat', 'messages', roomId] });
      await queryClient.invalidateQueries({ queryKey: ['chat', 'rooms'] });
    },
  });
}
