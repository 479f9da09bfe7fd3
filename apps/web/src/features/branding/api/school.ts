import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SchoolIdentity, SchoolIdentityRequest } from '@aula/contracts';
import { apiRequest, trusted } from '@/lib/api-client';
import { schoolIdentityQueryOptions } from '@/lib/school-identity';

/** POST /api/config/school: name and accent; the top bar, title and login page read the config keys again. */
export function useSaveSchoolIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SchoolIdentityRequest) =>
      apiRequest('/api/config/school', {
        method: 'POST',
        body,
        schema: trusted<SchoolIdentity>(),
        requiresLogin: true,
      }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(schoolIdentityQueryOptions().queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: ['config'] });
    },
  });
}
