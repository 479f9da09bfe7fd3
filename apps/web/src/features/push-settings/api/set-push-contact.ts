import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { PushContactBodySchema } from '@aula/contracts';
import { apiRequest, trusted } from '@/lib/api-client';
import { pushStatusQueryOptions } from './get-push-status';

export type PushContactBody = z.infer<typeof PushContactBodySchema>;

/** POST /api/config/firebase (admins): the contact address push services see in the VAPID token's `sub`. */
export function useSetPushContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PushContactBody) =>
      apiRequest('/api/config/firebase', {
        method: 'POST',
        body,
        // the status is read again below; the answer itself is not used
        schema: trusted<unknown>(),
        requiresLogin: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pushStatusQueryOptions().queryKey }),
  });
}
