import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { RoleGroupsSchema, type RoleGroups } from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';

/** GET /api/config/roleGroups (admins): group name → role. */
export function roleGroupsQueryOptions() {
  return queryOptions({
    queryKey: ['cim', 'role-groups'],
    queryFn: () => apiRequest('/api/config/roleGroups', { schema: RoleGroupsSchema, requiresLogin: true }),
  });
}

/** POST /api/config/roleGroups: the whole list; only superadmins add or remove an admin row. */
export function useSaveRoleGroups() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rows: RoleGroups) =>
      apiRequest('/api/config/roleGroups', {
        method: 'POST',
        body: rows,
        schema: RoleGroupsSchema,
        requiresLogin: true,
      }),
    onSuccess: (rows) => queryClient.setQueryData(roleGroupsQueryOptions().queryKey, rows),
  });
}
