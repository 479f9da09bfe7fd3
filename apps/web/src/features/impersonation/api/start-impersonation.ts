import { useMutation } from '@tanstack/react-query';
import { SessionResultSchema, type ImpersonateRequest } from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';

export interface StartImpersonation extends ImpersonateRequest {
  userId: number;
}

/**
 * POST /api/users/impersonate/{id}: with a reason; answers the target's session. Sent with
 * requiresLogin false: its 401 means "enter your password again" (auth.reauth_required), not "signed out".
 */
export function startImpersonation({ userId, reason }: StartImpersonation) {
  return apiRequest(`/api/users/impersonate/${userId}`, {
    method: 'POST',
    body: { reason } satisfies ImpersonateRequest,
    schema: SessionResultSchema,
    requiresLogin: false,
  });
}

export function useStartImpersonation() {
  return useMutation({ mutationFn: startImpersonation });
}
