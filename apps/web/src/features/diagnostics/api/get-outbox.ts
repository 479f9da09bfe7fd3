import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { MailOutboxPageSchema } from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';

/** GET /api/mail/outbox: the school's outgoing mails, newest first; bodies for superadmins only. */
export function outboxQueryOptions(page: number, perPage: number) {
  return queryOptions({
    queryKey: ['diagnostics', 'outbox', { page, perPage }],
    queryFn: ({ signal }) =>
      apiRequest(`/api/mail/outbox?page=${page}&perPage=${perPage}`, {
        schema: MailOutboxPageSchema,
        requiresLogin: true,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useOutbox(page: number, perPage: number) {
  return useQuery(outboxQueryOptions(page, perPage));
}
