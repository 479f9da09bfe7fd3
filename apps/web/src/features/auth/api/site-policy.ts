import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UserInfoSchema } from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';
import { selfQueryKey } from '@/lib/session';

/** POST /api/self/site-policy: records that the user accepted the school's terms (spec 2.4 rule 3). */
export function acceptSitePolicy() {
  return apiRequest('/api/self/site-policy', { method: 'POST', schema: UserInfoSchema, requiresLogin: true });
}

export function useAcceptSitePolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptSitePolicy,
    onSuccess: (user) => queryClient.setQueryData(selfQueryKey, user),
  });
}
