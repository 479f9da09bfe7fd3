import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ErrorPageSchema } from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';

/** GET /api/errors: recent unexpected server errors, newest first (admins). */
export function errorsQueryOptions(page: number, perPage: number) {
  return queryOptions({
    queryKey: ['diagnostics', 'errors', { page, perPage }],
    queryFn: ({ signal }) =>
      apiRequest(`/api/errors?page=${page}&perPage=${perPage}`, {
        schema: ErrorPageSchema,
        requiresLogin: true,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useErrors(page: number, perPage: number) {
  return useQuery(errorsQueryOptions(page, perPage));
}
