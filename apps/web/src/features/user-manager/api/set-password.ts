import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OkResultSchema, type AccountPassword } from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';

/** POST /api/v2/accounts: a password the teacher or admin gives; the user's sessions end. */
export function setPassword(body: AccountPassword) {
  return apiRequest('/api/v2/accounts', {
    method: 'POST',
    body,
    schema: OkResultSchema,
    requiresLogin: true,
  });
}

export function useSetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['user-manager'] }),
  });
}
