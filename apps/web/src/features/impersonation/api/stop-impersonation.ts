import type { SessionResult } from '@aula/contracts';
import { apiRequest, trusted } from '@/lib/api-client';

/** DELETE /api/users/impersonate: ends it and answers the real user's session (spec 4.3, 7.1). */
export function stopImpersonation() {
  return apiRequest('/api/users/impersonate', {
    method: 'DELETE',
    schema: trusted<SessionResult>(),
    requiresLogin: true,
  });
}
