import { queryOptions, useQuery } from '@tanstack/react-query';
import { type FeatureName, type Permissions, type PermsResponse } from '@aula/contracts';
import { apiRequest, trusted } from '@/lib/api-client';
import { useSelf } from '@/lib/session';

/** GET /api/perms (spec 3.6, 7.1): what this user may do and which features the school has on. */
export function permsQueryOptions(userId: number | undefined) {
  return queryOptions({
    queryKey: ['perms', userId],
    queryFn: () => apiRequest('/api/perms', { schema: trusted<PermsResponse>(), requiresLogin: true }),
    enabled: userId !== undefined,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export interface PermsState {
  permissions: Permissions | undefined;
  hasFeature: (name: FeatureName) => boolean;
  error: unknown;
}

/** Until the answer arrives nothing extra is shown; a failure shows the critical banner (spec 8). */
export function usePerms(): PermsState {
  const self = useSelf();
  const { data, error } = useQuery(permsQueryOptions(self?.id));
  return {
    permissions: data?.permissions,
    hasFeature: (name) => featureOn(data, name),
    error,
  };
}

export function featureOn(perms: PermsResponse | undefined, name: FeatureName): boolean {
  return perms?.features.some((feature) => feature.name === name) ?? false;
}
