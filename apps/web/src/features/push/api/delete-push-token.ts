import { CSRF_HEADER } from '@aula/contracts';
import { apiRequest, trusted } from '@/lib/api-client';

/** DELETE /api/users/firebase (spec 7.1): this device no longer gets pushes. */
export function deletePushToken(endpoint: string) {
  return apiRequest('/api/users/firebase', {
    method: 'DELETE',
    body: { token: { endpoint } },
    schema: trusted<unknown>(),
    requiresLogin: true,
  });
}

/**
 * The same at sign-out: a plain request whose answer nobody waits for (a 401 after the session ended must not
 * start the app's session handling), kept alive past a navigation to the identity provider.
 */
export function deletePushTokenAtSignOut(endpoint: string): Promise<unknown> {
  return fetch('/api/users/firebase', {
    method: 'DELETE',
    headers: { 'content-type': 'application/json', [CSRF_HEADER]: '1' },
    credentials: 'same-origin',
    body: JSON.stringify({ token: { endpoint } }),
    keepalive: true,
  });
}
