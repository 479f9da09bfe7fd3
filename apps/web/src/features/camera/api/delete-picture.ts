import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

/** DELETE /api/camera/pictures/:id (204): the picture and its files. */
export function useDeletePicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/api/camera/pictures/${id}`, {
        method: 'DELETE',
        schema: z.unknown(),
        requiresLogin: true,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['camera'] }),
  });
}
