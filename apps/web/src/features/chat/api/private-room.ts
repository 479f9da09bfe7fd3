import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ChatRoomSchema } from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';

/** POST /api/matrix/privateroom (spec 7.3, user-search): the private room with that person, made if missing. */
export function useOpenPrivateRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) =>
      apiRequest('/api/matrix/privateroom', {
        method: 'POST',
        body: { userId },
        schema: ChatRoomSchema,
        requiresLogin: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['chat', 'rooms'] }),
  });
}
