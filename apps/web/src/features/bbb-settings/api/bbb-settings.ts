import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { BbbSettingsViewSchema, type BbbSettingsUpdate } from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';

/** GET /api/config/bbb: the school's BigBlueButton server (admins); the shared secret only as "set". */
export function bbbSettingsQueryOptions() {
  return queryOptions({
    queryKey: ['config', 'bbb'],
    queryFn: ({ signal }) =>
      apiRequest('/api/config/bbb', { schema: BbbSettingsViewSchema, requiresLogin: true, signal }),
  });
}

/** PUT /api/config/bbb: an empty or missing secret keeps the stored one. */
export function useSaveBbbSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BbbSettingsUpdate) =>
      apiRequest('/api/config/bbb', {
        method: 'PUT',
        body,
        schema: BbbSettingsViewSchema,
        requiresLogin: true,
      }),
    onSuccess: (view) => queryClient.setQueryData(bbbSettingsQueryOptions().queryKey, view),
  });
}
