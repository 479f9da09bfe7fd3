import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { RoomListSchema, type RoomListQuery } from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';
import { listQueryString } from '../lib/room-search';

/** GET /api/bbb (spec 3.6, 7.3): one page of the rooms the caller owns or shares, filtered. */
export function roomListQueryOptions(query: RoomListQuery) {
  return queryOptions({
    queryKey: ['bbb', 'list', query],
    queryFn: ({ signal }) =>
      apiRequest(`/api/bbb?${listQueryString(query)}`, {
        schema: RoomListSchema,
        requiresLogin: true,
        signal,
      }),
    // a new filter or page keeps the old rooms on screen until the new ones are there
    placeholderData: keepPreviousData,
  });
}
