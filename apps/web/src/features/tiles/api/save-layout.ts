import { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LayoutResponseSchema, type LayoutType } from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';

/** POST /api/layout (spec 7.2): the ids in order; private for personal, signedOut for logged-out. */
export function saveLayout(layoutType: LayoutType, ids: readonly number[]) {
  return apiRequest('/api/layout', {
    method: 'POST',
    body: { layout: ids, private: layoutType === 'personal', signedOut: layoutType === 'logged-out' },
    schema: LayoutResponseSchema,
    requiresLogin: true,
  });
}

export function useSaveLayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ layoutType, ids }: { layoutType: LayoutType; ids: readonly number[] }) =>
      saveLayout(layoutType, ids),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['layout'] }),
  });
}

/** DELETE /api/layout: the personal layout goes back to the logged-in one. */
export function useResetPersonalLayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest('/api/layout', {
        method: 'DELETE',
        schema: LayoutResponseSchema.or(z.undefined()),
        requiresLogin: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['layout'] }),
  });
}
