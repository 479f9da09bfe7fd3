import { queryOptions } from '@tanstack/react-query';
import { ReauthInfoSchema, type SsoProtocol, type SsoStartResult } from '@aula/contracts';
import { apiRequest, trusted } from '@/lib/api-client';

// Decision 079: how the signed-in user confirms a change to their sign-in. An account without a password
// (signed in only through the school's identity provider) signs in there again instead.

/** GET /api/login/reauth: the password, or a fresh sign-in at the provider and whether one counts now. */
export function reauthQueryOptions() {
  return queryOptions({
    queryKey: ['login', 'reauth'],
    queryFn: ({ signal }) =>
      apiRequest('/api/login/reauth', { schema: ReauthInfoSchema, requiresLogin: true, signal }),
    staleTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/**
 * POST /api/login/{oidc|saml} with `fresh` (the provider asks for the password again), then off to the
 * provider; it sends the browser back to `returnTo` (this page with the dialog open). The pending seed
 * stays on the server meanwhile. Never resolves on success: the page is left.
 */
export async function signInAgain(protocol: SsoProtocol, returnTo: string): Promise<void> {
  const { url } = await apiRequest(`/api/login/${protocol}`, {
    method: 'POST',
    body: { returnTo, fresh: true },
    schema: trusted<SsoStartResult>(),
  });
  window.location.assign(url);
}
