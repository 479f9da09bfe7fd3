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

/**
 * The languages to store ('' deletes a language): help texts through POST /api/translation/:key (spec 7.2),
 * the school's texts (imprint, terms, login message) through POST /api/config/key/:key (spec 7.4).
 */
const savePath = (key: TextKey) =>
  key.startsWith('help.')
    ? `/api/translation/${encodeURIComponent(key)}`
    : `/api/config/key/${encodeURIComponent(key)}`;

export function useSaveTexts(key: TextKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (texts: Texts) =>
      apiRequest(savePath(key), {
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
