import { queryOptions } from '@tanstack/react-query';
import { RoomDetailsSchema } from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';

/** GET /api/bbb/{id} for a member (spec 7.3): the room with its people and whether the meeting runs. */
export function roomQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['bbb', 'room', id],
    queryFn: ({ signal }) =>
      apiRequest(`/api/bbb/${id}`, { schema: RoomDetailsSchema, requiresLogin: true, signal }),
    retry: false,
  });
}
