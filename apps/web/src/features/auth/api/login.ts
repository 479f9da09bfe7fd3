import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { LoginRequest, SessionResult } from '@aula/contracts';
import { apiRequest, trusted } from '@/lib/api-client';
import { startSession } from '@/lib/session';

/** POST /api/login: the tokens arrive as httpOnly cookies, the body carries expirations and the user. */
export function login(body: LoginRequest) {
  return apiRequest('/api/login', { method: 'POST', body, schema: trusted<SessionResult>() });
}

export function useLogin() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: login,
    onSuccess: async (result) => {
      await startSession(queryClient, result);
      await navigate({ to: '/' });
    },
  });
}
