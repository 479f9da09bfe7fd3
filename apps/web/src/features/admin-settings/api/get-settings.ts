import { queryOptions } from '@tanstack/react-query';
import { SettingsValuesSchema } from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';

/** GET /api/config/settings: every school setting with its raw value (admins). */
export function settingsQueryOptions() {
  return queryOptions({
    queryKey: ['admin-settings'],
    queryFn: () => apiRequest('/api/config/settings', { schema: SettingsValuesSchema, requiresLogin: true }),
  });
}
