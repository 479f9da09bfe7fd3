import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ManagedUserSchema, type UserCreate, type UserUpdate } from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';

/** POST /api/v2/users (admins) */
export function createUser(body: UserCreate) {
  return apiRequest('/api/v2/users', {
    method: 'POST',
    body,
    schema: ManagedUserSchema,
    requiresLogin: true,
  });
}

/** PUT /api/v2/users/:id */
export function updateUser({ id, ...body }: UserUpdate & { id: number }) {
  return apiRequest(`/api/v2/users/${id}`, {
    method: 'PUT',
    body,
    schema: ManagedUserSchema,
    requiresLogin: true,
  });
}

export type SaveUser = { id: null; create: UserCreate } | { id: number; update: UserUpdate };

export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: SaveUser) =>
      save.id === null ? createUser(save.create) : updateUser({ id: save.id, ...save.update }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['user-manager'] }),
  });
}
