import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { SickListSchema, type SickListQuery } from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';
import { listQueryString } from '../lib/sick-search';

/** GET /api/sick (spec 3.6, 7.3): one page of the notices the caller may see, with the unprocessed count. */
export function sickListQueryOptions(query: SickListQuery) {
  return queryOptions({
    queryKey: ['sick', 'list', query],
    queryFn: ({ signal }) =>
      apiRequest(`/api/sick?${listQueryString(query)}`, {
        schema: SickListSchema,
        requiresLogin: true,
        signal,
      }),
    // a new filter or page keeps the old rows on screen until the new ones are there
    placeholderData: keepPreviousData,
  });
}
