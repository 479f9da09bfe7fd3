import type { PushSubscriptionJson } from '@aula/contracts';
import { apiRequest, trusted } from '@/lib/api-client';

/** POST /api/users/firebase (spec 7.1): this device's subscription, bound by the server to this session. */
export function savePushToken(token: PushSubscriptionJson) {
  return apiRequest('/api/users/firebase', {
    method: 'POST',
    body: { token },
    schema: trusted<unknown>(),
    requiresLogin: true,
  });
}
