import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BlockResultSchema, OkResultSchema } from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';

export type UserAction = 'block' | 'unblock' | 'unlock' | 'reset2fa';

/**
 * The sessions issue's operations on a managed user: POST /api/users/:id/block (block and unblock),
 * POST /api/users/:id/unlock, DELETE /api/users/:id/totp.
 */
export async function runUserAction({ id, action }: { id: number; action: UserAction }): Promise<void> {
  if (action === 'block' || action === 'unblock') {
    await apiRequest(`/api/users/${id}/block`, {
      method: 'POST',
      body: { blocked: action === 'block' },
      schema: BlockResultSchema,
      requiresLogin: true,
    });
    return;
  }
  await apiRequest(action === 'unlock' ? `/api/users/${id}/unlock` : `/api/users/${id}/totp`, {
    method: action === 'unlock' ? 'POST' : 'DELETE',
    schema: OkResultSchema,
    requiresLogin: true,
  });
}

export function useUserAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runUserAction,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['user-manager'] }),
  });
}
