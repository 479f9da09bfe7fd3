import { useMutation } from '@tanstack/react-query';
import { ChatLoginResponseSchema } from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';

/** POST /api/matrix/login (spec 3.6, 7.3): registers this browser's 9-character device id for the chat. */
export function chatLogin(deviceId: string) {
  return apiRequest('/api/matrix/login', {
    method: 'POST',
    body: { deviceId },
    schema: ChatLoginResponseSchema,
    requiresLogin: true,
  });
}

export function useChatLogin() {
  return useMutation({ mutationFn: chatLogin });
}
