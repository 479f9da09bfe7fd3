import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { UserInfoSchema, type TotpDelete } from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';
import { selfQueryKey } from '@/lib/session';

/** DELETE /api/totp/code: turning 2FA off needs the password (without one, a fresh provider sign-in). */
export function deleteTotp(body: TotpDelete) {
  return apiRequest('/api/totp/code', {
    method: 'DELETE',
    body,
    schema: z.unknown(),
    requiresLogin: true,
  });
}

export function useDeleteTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTotp,
    onSuccess: async (result) => {
      const user = UserInfoSchema.safeParse(result);
      if (user.success) queryClient.setQueryData(selfQueryKey, user.data);
      else await queryClient.invalidateQueries({ queryKey: selfQueryKey });
    },
  });
}
