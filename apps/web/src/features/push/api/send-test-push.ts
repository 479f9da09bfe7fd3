import { useMutation } from '@tanstack/react-query';
import type { PushTestResponse } from '@aula/contracts';
import { apiRequest, trusted } from '@/lib/api-client';

/** POST /api/users/firebase/test (spec 7.1) → 202: how many of the user's devices the test went to. */
export function sendTestPush() {
  return apiRequest('/api/users/firebase/test', {
    method: 'POST',
    schema: trusted<PushTestResponse>(),
    requiresLogin: true,
  });
}

export function useSendTestPush() {
  return useMutation({ mutationFn: sendTestPush });
}
