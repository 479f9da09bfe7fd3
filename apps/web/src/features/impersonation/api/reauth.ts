import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import type { PasswordConfirm } from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';

/** POST /api/login/reauth: the password again, so the next sensitive step counts as freshly signed in. */
export function reauthenticate(body: PasswordConfirm) {
  return apiRequest('/api/login/reauth', {
    method: 'POST',
    body,
    schema: z.unknown(),
    requiresLogin: true,
  });
}

export function useReauthenticate() {
  return useMutation({ mutationFn: reauthenticate });
}
