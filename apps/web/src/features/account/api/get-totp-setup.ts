import { queryOptions } from '@tanstack/react-query';
import { TotpSetupSchema } from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';

/**
 * GET /api/totp/code: a new pending seed each time it is called, so it is fetched once per open
 * dialog (no background refetch that would replace the seed the user is scanning).
 */
export function totpSetupQueryOptions() {
  return queryOptions({
    queryKey: ['totp', 'setup'],
    queryFn: () => apiRequest('/api/totp/code', { schema: TotpSetupSchema, requiresLogin: true }),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
