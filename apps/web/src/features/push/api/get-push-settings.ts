import { queryOptions } from '@tanstack/react-query';
import type { PushSettingsResponse } from '@aula/contracts';
import { apiRequest, trusted } from '@/lib/api-client';

export const pushSettingsQueryKey = ['push', 'settings'] as const;

/** GET /api/users/firebase/settings (decision 073): the kinds, the user's own and the school's quiet hours. */
export function pushSettingsQueryOptions() {
  return queryOptions({
    queryKey: pushSettingsQueryKey,
    queryFn: ({ signal }) =>
      apiRequest('/api/users/firebase/settings', {
        schema: trusted<PushSettingsResponse>(),
        requiresLogin: true,
        signal,
      }),
    retry: false,
  });
}
