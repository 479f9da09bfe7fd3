import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { OkResultSchema, UserInfoSchema, type PasswordChange } from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';
import { selfQueryKey } from '@/lib/session';

/** POST /api/v2/password_changes: the old password and the new one; the user's other sessions end. */
export function changePassword(body: PasswordChange) {
  return apiRequest('/api/v2/password_changes', {
    method: 'POST',
    body,
    schema: z.union([UserInfoSchema, OkResultSchema]),
    requiresLogin: true,
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: async (result) => {
      if ('id' in result) queryClient.setQueryData(selfQueryKey, result);
      // must_change_password is cleared on the server; the forced dialog closes when self says so
      else await queryClient.invalidateQueries({ queryKey: selfQueryKey });
    },
  });
}
