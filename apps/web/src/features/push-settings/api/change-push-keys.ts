import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { PushBackendBodySchema } from '@aula/contracts';
import { apiRequest, trusted } from '@/lib/api-client';
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
        // the status (new public key, devices) is read again below; the answer itself is not used
        schema: trusted<unknown>(),
        requiresLogin: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pushStatusQueryOptions().queryKey }),
  });
}
