import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ChatRoomConfig } from '@aula/contracts';
import { apiRequest, trusted } from '@/lib/api-client';
import { refreshChatRoom } from './patch-room';

/** POST /api/matrix/{roomId}/config (spec 7.3, edit-room): announcements and uploads. */
export function useSaveChatRoomConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ roomId, config }: { roomId: number; config: ChatRoomConfig }) =>
      apiRequest(`/api/matrix/${roomId}/config`, {
        method: 'POST',
        body: config,
        schema: trusted<unknown>(),
        requiresLogin: true,
      }),
    onSuccess: (_answer, { roomId }) => refreshChatRoom(queryClient, roomId),
  });
}
