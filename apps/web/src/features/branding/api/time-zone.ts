import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_TIME_ZONE, SetSettingResultSchema, SettingsValuesSchema } from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';

/** The school's time zone (server key time_zone, decision 062), read from GET /api/config/settings (admins). */
export function timeZoneQueryOptions() {
  return queryOptions({
    // the settings tab reads the same answer under this key, so either tab sees the other's save
    queryKey: ['admin-settings'],
    queryFn: () => apiRequest('/api/config/settings', { schema: SettingsValuesSchema, requiresLogin: true }),
    select: (values) => values.time_zone || DEFAULT_TIME_ZONE,
  });
}

/** POST /api/config/key/time_zone: the server checks the zone against TIME_ZONES and audits the change. */
export function useSaveTimeZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (zone: string) =>
      apiRequest('/api/config/key/time_zone', {
        method: 'POST',
        body: { value: zone },
        schema: SetSettingResultSchema,
        requiresLogin: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin-settings'] }),
  });
}
