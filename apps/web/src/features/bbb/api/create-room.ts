import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RoomSchema, type RoomInput } from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';

/** POST /api/bbb (spec 7.3, create-room, /app/bigbluebutton/new): the caller becomes owner and moderator. */
export function useCreateRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RoomInput) =>
      apiRequest('/api/bbb', { method: 'POST', body: input, schema: RoomSchema, requiresLogin: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['bbb', 'list'] }),
  });
}
