import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ChatMessageSchema } from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';
import { replaceMessage } from '../lib/chat-cache';
import { chatHistoryKey } from './history';

export interface EditMessage {
  roomId: number;
  messageId: number;
  body: string;
}

/** PUT /api/matrix/{roomId}/messages/{messageId} (edit-msg; decision 072: own messages only). */
export function editMessage({ roomId, messageId, body }: EditMessage) {
  return apiRequest(`/api/matrix/${roomId}/messages/${messageId}`, {
    method: 'PUT',
    body: { body },
    schema: ChatMessageSchema,
    requiresLogin: true,
  });
}

export function useEditMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editMessage,
    onSuccess: async (message, { roomId, messageId }) => {
      replaceMessage(queryClient, roomId, message);
      await queryClient.invalidateQueries({ queryKey: chatHistoryKey(roomId, messageId) });
    },
  });
}
