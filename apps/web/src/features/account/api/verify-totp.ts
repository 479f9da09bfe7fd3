import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { UserInfoSchema, type TotpVerify } from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';
import { selfQueryKey } from '@/lib/session';

/** POST /api/totp/code/verify: a code from the app turns the pending seed on. */
export function verifyTotp(body: TotpVerify) {
  return apiRequest('/api/totp/code/verify', {
    method: 'POST',
    body,
    schema: z.unknown(),
    requiresLogin: true,
  });
}

export function useVerifyTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyTotp,
    onSuccess: async (result) => {
      const user = UserInfoSchema.safeParse(result);
      if (user.success) queryClient.setQueryData(selfQueryKey, user.data);
      else await queryClient.invalidateQueries({ queryKey: selfQueryKey });
    },
  });
}
