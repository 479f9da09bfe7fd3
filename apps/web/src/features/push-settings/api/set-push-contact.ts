import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { PushStatusResponseSchema, type PushContactBodySchema } from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';
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
        // the answer is the status with the change in it
        schema: PushStatusResponseSchema,
        requiresLogin: true,
      }),
    onSuccess: (status) => queryClient.setQueryData(pushStatusQueryOptions().queryKey, status),
  });
}
