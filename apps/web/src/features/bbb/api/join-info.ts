import { queryOptions } from '@tanstack/react-query';
import { PublicRoomSchema } from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';

/**
 * GET /api/bbb/{code}: what the room page /b/{code} shows, for anyone with the code (no login): the room's
 * name, whether its meeting runs, its guest policy, and whether the caller is a member. 404 for a code that
 * is unknown or was revoked.
 */
export function joinInfoQueryOptions(code: string) {
  return queryOptions({
    queryKey: ['bbb', 'public', code],
    queryFn: ({ signal }) =>
      apiRequest(`/api/bbb/${encodeURIComponent(code)}`, { schema: PublicRoomSchema, signal }),
    // an unknown code stays unknown; anything else the page offers to try again
    retry: false,
  });
}
