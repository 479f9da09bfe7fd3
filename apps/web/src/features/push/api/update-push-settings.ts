import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PushSettingsBody, PushSettingsResponse } from '@aula/contracts';
import { apiRequest, trusted } from '@/lib/api-client';
import { pushSettingsQueryKey } from './get-push-settings';

/** PUT /api/users/firebase/settings (decision 073): which kinds, and the user's own quiet hours. */
export function updatePushSettings(body: PushSettingsBody) {
  return apiRequest('/api/users/firebase/settings', {
    method: 'PUT',
    body,
    schema: trusted<PushSettingsResponse>(),
    requiresLogin: true,
  });
}

export function useUpdatePushSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePushSettings,
    onSuccess: (settings) => queryClient.setQueryData(pushSettingsQueryKey, settings),
  });
}
