import { queryOptions } from '@tanstack/react-query';
import { isReturnPath } from '@aula/contracts';
import type { SsoInfo, SsoProtocol, SsoSessionResult, SsoStartResult } from '@aula/contracts';
import { apiRequest, trusted } from '@/lib/api-client';

// The school's identity providers (decisions 038, 040): which the login page offers, start, and complete.

export function ssoInfoQueryOptions() {
  return queryOptions({
    queryKey: ['sso-info'],
    queryFn: ({ signal }) => apiRequest('/api/apps/moin', { schema: trusted<SsoInfo>(), signal }),
    staleTime: 5 * 60_000,
  });
}

/** POST /api/login/{oidc|saml}, then off to the provider: the page is left, so this never resolves on success. */
export async function goToProvider(protocol: SsoProtocol, returnTo?: string): Promise<void> {
  const { url } = await apiRequest(`/api/login/${protocol}`, {
    method: 'POST',
    body: returnTo ? { returnTo } : {},
    schema: trusted<SsoStartResult>(),
  });
  window.location.assign(url);
}

/** POST /api/apps/moin/callback with what the provider sent the browser back with. */
export function completeOidc(query: string): Promise<SsoSessionResult> {
  return apiRequest('/api/apps/moin/callback', {
    method: 'POST',
    body: { query },
    schema: trusted<SsoSessionResult>(),
  });
}

/** POST /api/login/saml/complete with the handle the assertion consumer service sent the browser on with. */
export function completeSaml(state: string): Promise<SsoSessionResult> {
  return apiRequest('/api/login/saml/complete', {
    method: 'POST',
    body: { state },
    schema: trusted<SsoSessionResult>(),
  });
}

/** A return path the server will accept (a path of this site); anything else means home. */
export function safeReturnTo(value: unknown): string | undefined {
  return isReturnPath(value) ? value : undefined;
}
