import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ChatMessageSchema } from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';
import { addMessage, removePending, setPending } from '../lib/chat-cache';

export interface SendMessage {
  roomId: number;
  body: string;
  /** the same id on a retry, so the server keeps one message */
  clientId: string;
}

/** POST /api/matrix/{roomId}/messages (decision 070): a retry with the same client id lands once. */
export function sendMessage({ roomId, body, clientId }: SendMessage) {
  return apiRequest(`/api/matrix/${roomId}/messages`, {
    method: 'POST',
    body: { body, clientId },
    schema: ChatMessageSchema,
    requiresLogin: true,
  });
}

/**
 * Shows the message as pending at once; on success it joins the conversation, on failure it stays pending
 * as failed (with its text) until it is sent again or dropped.
 */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onMutate: ({ roomId, body, clientId }) =>
      setPending(queryClient, roomId, { clientId, body, status: 'sending' }),
    onSuccess: (message, { roomId, clientId }) => {
      addMessage(queryClient, roomId, message, { own: true });
      removePending(queryClient, roomId, clientId);
    },
    onError: (error, { roomId, body, clientId }) =>
      setPending(queryClient, roomId, { clientId, body, status: 'failed', error }),
  });
}
