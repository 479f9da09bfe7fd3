import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SetSettingResultSchema, type SettingsKey } from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';

/** POST /api/config/key/:key: one setting; the server checks the value against the key type. */
export function setSetting({ key, value }: { key: SettingsKey; value: string }) {
  return apiRequest(`/api/config/key/${key}`, {
    method: 'POST',
    body: { value },
    schema: SetSettingResultSchema,
    requiresLogin: true,
  });
}

export function useSetSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSetting,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['admin-settings'] });
      // clients read the new value on the next POST /api/config/key
      await queryClient.invalidateQueries({ queryKey: ['config'] });
    },
  });
}
