import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { OidcSettingsViewSchema, type OidcSettingsUpdate } from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';

/** GET /api/config/oidc: the school's identity provider (admins); the client secret only as "set". */
export function oidcSettingsQueryOptions() {
  return queryOptions({
    queryKey: ['config', 'oidc'],
    queryFn: ({ signal }) =>
      apiRequest('/api/config/oidc', { schema: OidcSettingsViewSchema, requiresLogin: true, signal }),
  });
}

/** PUT /api/config/oidc: an empty secret keeps the stored one. */
export function useSaveOidcSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OidcSettingsUpdate) =>
      apiRequest('/api/config/oidc', {
        method: 'PUT',
        body,
        schema: OidcSettingsViewSchema,
        requiresLogin: true,
      }),
    onSuccess: async (view) => {
      queryClient.setQueryData(oidcSettingsQueryOptions().queryKey, view);
      // the login page's "sign in with …" label
      await queryClient.invalidateQueries({ queryKey: ['sso-info'] });
    },
  });
}
