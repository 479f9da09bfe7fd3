import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UserInfoSchema, type SecondaryEmail } from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';
import { selfQueryKey } from '@/lib/session';

/** PUT /api/self/secondary-email: an address, or null to remove it. */
export function updateSecondaryEmail(body: SecondaryEmail) {
  return apiRequest('/api/self/secondary-email', {
    method: 'PUT',
    body,
    schema: UserInfoSchema,
    requiresLogin: true,
  });
}

export function useUpdateSecondaryEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSecondaryEmail,
    onSuccess: (user) => queryClient.setQueryData(selfQueryKey, user),
  });
}
