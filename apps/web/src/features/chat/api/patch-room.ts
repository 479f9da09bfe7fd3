import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { type ChatRoomPatchSchema } from '@aula/contracts';
import type { z } from 'zod';
import { apiRequest, trusted } from '@/lib/api-client';

/** After a change to a room: the room (members, name, config) and the room list are read again. */
export async function refreshChatRoom(queryClient: QueryClient, roomId: number): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['chat', 'room', roomId] }),
    queryClient.invalidateQueries({ queryKey: ['chat', 'rooms'] }),
  ]);
}

export type ChatRoomPatch = z.input<typeof ChatRoomPatchSchema>;

/** PATCH /api/matrix/{roomId} (edit-room, decision 070): rename, or promote or revoke one moderator. */
export function usePatchChatRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ roomId, patch }: { roomId: number; patch: ChatRoomPatch }) =>
      apiRequest(`/api/matrix/${roomId}`, {
        method: 'PATCH',
        body: patch,
        schema: trusted<unknown>(),
        requiresLogin: true,
      }),
    onSuccess: (_answer, { roomId }) => refreshChatRoom(queryClient, roomId),
  });
}
