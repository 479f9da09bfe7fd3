import { queryOptions } from '@tanstack/react-query';
import { SettingsValuesSchema } from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';

/**
 * GET /api/config/settings (admins): every school setting with defaults filled in; this tab reads the quiet
 * hours and the time zone from it. The key is the settings tab's, so a change saved there shows here too.
 */
export function schoolSettingsQueryOptions() {
  return queryOptions({
    queryKey: ['admin-settings'],
    queryFn: () => apiRequest('/api/config/settings', { schema: SettingsValuesSchema, requiresLogin: true }),
  });
}
