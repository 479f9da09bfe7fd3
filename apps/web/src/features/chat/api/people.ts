import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ChatPeopleSchema } from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';

/** `private`: whom the caller may start a private chat with; `room`: whom and which groups they may add. */
export type ChatPeopleFor = 'private' | 'room';

/** GET /api/matrix/people?for=&q= (decision 070, 072): the people (and for rooms the groups) within reach. */
export function chatPeopleQueryOptions(forWhat: ChatPeopleFor, q: string) {
  const text = q.trim();
  const query = new URLSearchParams({ for: forWhat });
  if (text) query.set('q', text);
  return queryOptions({
    queryKey: ['chat', 'people', forWhat, text],
    queryFn: ({ signal }) =>
      apiRequest(`/api/matrix/people?${query.toString()}`, {
        schema: ChatPeopleSchema,
        requiresLogin: true,
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
