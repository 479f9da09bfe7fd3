import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { RoomPeopleSchema } from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';

/** GET /api/bbb/people?q= (decision 067): the people and groups the caller may add to a room. */
export function roomPeopleQueryOptions(q: string) {
  const text = q.trim();
  return queryOptions({
    queryKey: ['bbb', 'people', text],
    queryFn: ({ signal }) =>
      apiRequest(`/api/bbb/people${text ? `?q=${encodeURIComponent(text)}` : ''}`, {
        schema: RoomPeopleSchema,
        requiresLogin: true,
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
