import { queryOptions } from '@tanstack/react-query';
import { PushStatusResponseSchema } from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';

/** GET /api/config/firebase-backend (admins): the dashboard's push status; never the private key (decision 073). */
export function pushStatusQueryOptions() {
  return queryOptions({
    queryKey: ['push-admin', 'status'],
    queryFn: ({ signal }) =>
      apiRequest('/api/config/firebase-backend', {
        schema: PushStatusResponseSchema,
        requiresLogin: true,
        signal,
      }),
  });
}
