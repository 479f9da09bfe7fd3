import { useMutation } from '@tanstack/react-query';
import { BbbTestResultSchema, type BbbSettings } from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /api/config/bbb/test: calls the server with the settings in the form (before they are saved; an empty
 * secret means the stored one) and says what it found: ok with the server's version, or the one problem.
 */
export function useTestBbbConnection() {
  return useMutation({
    mutationFn: (body: { settings: BbbSettings; secret?: string }) =>
      apiRequest('/api/config/bbb/test', {
        method: 'POST',
        body,
        schema: BbbTestResultSchema,
        requiresLogin: true,
      }),
  });
}
