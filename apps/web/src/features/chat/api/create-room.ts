import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ChatRoomSchema, type ChatRoomInput } from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';

/** POST /api/matrix/room (spec 7.3, create-room): a group room; the caller becomes its owner and a moderator. */
export function useCreateChatRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChatRoomInput) =>
      apiRequest('/api/matrix/room', {
        method: 'POST',
        body: input,
        schema: ChatRoomSchema,
        requiresLogin: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['chat', 'rooms'] }),
  });
}
