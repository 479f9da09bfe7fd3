import { queryOptions } from '@tanstack/react-query';
import {
  ReturnToSchema,
  SsoInfoSchema,
  SsoSessionResultSchema,
  SsoStartResultSchema,
  type SsoProtocol,
  type SsoSessionResult,
} from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';

// The school's identity providers (decisions 038, 040): which the login page offers, start, and complete.

export function ssoInfoQueryOptions() {
  return queryOptions({
    queryKey: ['sso-info'],
    queryFn: ({ signal }) => apiRequest('/api/apps/moin', { schema: SsoInfoSchema, signal }),
    staleTime: 5 * 60_000,
  });
}

/** POST /api/login/{oidc|saml}, then off to the provider: the page is left, so this never resolves on success. */
export async function goToProvider(protocol: SsoProtocol, returnTo?: string): Promise<void> {
  const { url } = await apiRequest(`/api/login/${protocol}`, {
    method: 'POST',
    body: returnTo ? { returnTo } : {},
    schema: SsoStartResultSchema,
  });
  window.location.assign(url);
}

/** POST /api/apps/moin/callback with what the provider sent the browser back with. */
export function completeOidc(query: string): Promise<SsoSessionResult> {
  return apiRequest('/api/apps/moin/callback', {
    method: 'POST',
    body: { query },
    schema: SsoSessionResultSchema,
  });
}

/** POST /api/login/saml/complete with the handle the assertion consumer service sent the browser on with. */
export function completeSaml(state: string): Promise<SsoSessionResult> {
  return apiRequest('/api/login/saml/complete', {
    method: 'POST',
    body: { state },
    schema: SsoSessionResultSchema,
  });
}

/** A return path the server will accept (a path of this site); anything else means home. */
export function safeReturnTo(value: unknown): string | undefined {
  const parsed = ReturnToSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}
