import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RoomSchema, type RoomPatch } from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';

/**
 * PATCH /api/bbb/{id} (spec 7.3, 4.6): name, members, moderators, settings, one member's moderator switch, or
 * a new code (`revokeCode`). The room and every list are read again afterwards.
 */
export function useUpdateRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: RoomPatch }) =>
      apiRequest(`/api/bbb/${id}`, { method: 'PATCH', body: patch, schema: RoomSchema, requiresLogin: true }),
    onSuccess: async (_room, { id }) => {
      await queryClient.invalidateQueries({ queryKey: ['bbb', 'room', id] });
      await queryClient.invalidateQueries({ queryKey: ['bbb', 'list'] });
    },
  });
}
