import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { SamlSettingsViewSchema, type SamlSettingsUpdate } from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';

/** GET /api/config/saml: the school's SAML identity provider (admins) and Aula's addresses to register. */
export function samlSettingsQueryOptions() {
  return queryOptions({
    queryKey: ['config', 'saml'],
    queryFn: ({ signal }) =>
      apiRequest('/api/config/saml', { schema: SamlSettingsViewSchema, requiresLogin: true, signal }),
  });
}

/** PUT /api/config/saml: new metadata replaces the provider; without it the stored one stays. */
export function useSaveSamlSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SamlSettingsUpdate) =>
      apiRequest('/api/config/saml', {
        method: 'PUT',
        body,
        schema: SamlSettingsViewSchema,
        requiresLogin: true,
      }),
    onSuccess: async (view) => {
      queryClient.setQueryData(samlSettingsQueryOptions().queryKey, view);
      await queryClient.invalidateQueries({ queryKey: ['sso-info'] });
    },
  });
}
