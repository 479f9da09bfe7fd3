import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  AdminMessageDetailSchema,
  AdminMessagePageSchema,
  OkResultSchema,
  type AdminMessageInput,
} from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';

/** GET /api/messages/admin/all (admins): one page, newest first. */
export function allMessagesQueryOptions(page: number, perPage = 20) {
  return queryOptions({
    queryKey: ['messages', 'all', { page, perPage }],
    queryFn: ({ signal }) =>
      apiRequest(`/api/messages/admin/all?page=${page}&perPage=${perPage}`, {
        schema: AdminMessagePageSchema,
        requiresLogin: true,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/messages/admin/:id (admins): one message with every language's texts, for editing or preview. */
export function messageQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['messages', 'one', id],
    queryFn: ({ signal }) =>
      apiRequest(`/api/messages/admin/${id}`, {
        schema: AdminMessageDetailSchema,
        requiresLogin: true,
        signal,
      }),
  });
}

/** POST /api/messages/admin (id null) or PUT /api/messages/admin/:id */
export function useSaveMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: AdminMessageInput }) =>
      apiRequest(id === null ? '/api/messages/admin' : `/api/messages/admin/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        body: input,
        schema: AdminMessageDetailSchema,
        requiresLogin: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['messages'] }),
  });
}

/** DELETE /api/messages/admin/:id */
export function useDeleteMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/api/messages/admin/${id}`, {
        method: 'DELETE',
        schema: OkResultSchema,
        requiresLogin: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['messages'] }),
  });
}
