import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { PushStatusResponseSchema, type PushBackendBodySchema } from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';
import { pushStatusQueryOptions } from './get-push-status';

export type PushBackendBody = z.infer<typeof PushBackendBodySchema>;

/**
 * POST /api/config/firebase-backend (superadmins): a new key pair (`rotate`) or one the school already has
 * (`import`); either way the school's subscriptions are deleted and every device subscribes again.
 */
export function useChangePushKeys() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PushBackendBody) =>
      apiRequest('/api/config/firebase-backend', {
        method: 'POST',
        body,
        // the answer is the status with the new public key (and no devices left)
        schema: PushStatusResponseSchema,
        requiresLogin: true,
      }),
    onSuccess: (status) => queryClient.setQueryData(pushStatusQueryOptions().queryKey, status),
  });
}
