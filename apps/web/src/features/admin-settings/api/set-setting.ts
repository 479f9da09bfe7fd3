import type { QueryClient } from '@tanstack/react-query';
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

/** After saving: the tab reads the stored values again, and clients the new config on the next POST /api/config/key. */
export async function invalidateSettings(queryClient: QueryClient) {
  await queryClient.invalidateQueries({ queryKey: ['admin-settings'] });
  await queryClient.invalidateQueries({ queryKey: ['config'] });
}
