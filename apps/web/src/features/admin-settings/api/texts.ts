import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ConfigTextAllSchema, TextsSchema, type TextKey, type Texts } from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';

/** GET /api/config/key/:key/all: every language of a text, for the editor (admins). */
export function allTextsQueryOptions(key: TextKey) {
  return queryOptions({
    queryKey: ['config-text-all', key],
    queryFn: () =>
      apiRequest(`/api/config/key/${encodeURIComponent(key)}/all`, {
        schema: ConfigTextAllSchema,
        requiresLogin: true,
      }),
  });
}

/** POST /api/translation/:key: the languages to store; '' deletes a language. */
export function useSaveTexts(key: TextKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (texts: Texts) =>
      apiRequest(`/api/translation/${encodeURIComponent(key)}`, {
        method: 'POST',
        body: texts,
        schema: TextsSchema,
        requiresLogin: true,
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['config-text-all', key] });
      await queryClient.invalidateQueries({ queryKey: ['config-text', key] });
      if (key === 'login_msg') await queryClient.invalidateQueries({ queryKey: ['config'] });
    },
  });
}
