import { queryOptions } from '@tanstack/react-query';
import type { SchoolIdentity } from '@aula/contracts';
import { apiRequest, trusted } from '@/lib/api-client';

/** GET /api/config/school: the school's name, accent and logo, and whether mail leaves the server (decision 059). */
export function schoolIdentityQueryOptions() {
  return queryOptions({
    queryKey: ['school'],
    queryFn: ({ signal }) => apiRequest('/api/config/school', { schema: trusted<SchoolIdentity>(), signal }),
    staleTime: 60_000,
  });
}
