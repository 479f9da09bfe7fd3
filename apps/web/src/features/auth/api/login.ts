import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { SessionResultSchema, type LoginRequest } from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';
import { startSession } from '@/lib/session';

/** POST /api/login: the tokens arrive as httpOnly cookies, the body carries expirations and the user. */
export function login(body: LoginRequest) {
  return apiRequest('/api/login', { method: 'POST', body, schema: SessionResultSchema });
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
