import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, trusted } from '@/lib/api-client';
import { refreshChatRoom } from './patch-room';

export interface ChatMembersChange {
  roomId: number;
  userIds?: number[];
  groupIds?: number[];
}

function useMembersCall(path: '/api/matrix/room/addUsers' | '/api/matrix/room/removeUsers') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ roomId, userIds = [], groupIds = [] }: ChatMembersChange) =>
      apiRequest(path, {
        method: 'POST',
        body: { roomId, userIds, groupIds },
        schema: trusted<unknown>(),
        requiresLogin: true,
      }),
    onSuccess: (_answer, { roomId }) => refreshChatRoom(queryClient, roomId),
  });
}

/** POST /api/matrix/room/addUsers (spec 7.3, edit-room): people and whole groups join the room. */
export function useAddChatMembers() {
  return useMembersCall('/api/matrix/room/addUsers');
}

/** POST /api/matrix/room/removeUsers (spec 7.3, edit-room): people, or whole groups, leave the room. */
export function useRemoveChatMembers() {
  return useMembersCall('/api/matrix/room/removeUsers');
}
