import { queryOptions } from '@tanstack/react-query';
import { SickNoticeSchema } from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';

/** GET /api/sick/{id}: one notice the caller may see (the photo viewer reads its name and days from it). */
export function sickNoticeQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['sick', 'notice', id],
    queryFn: ({ signal }) =>
      apiRequest(`/api/sick/${id}`, { schema: SickNoticeSchema, requiresLogin: true, signal }),
  });
}

/** GET /api/sick/{id}/photo: the notice's photo (JPEG), read by an <img> with the session cookie. */
export function sickPhotoUrl(id: number, { download = false } = {}): string {
  return download ? `/api/sick/${id}/photo?download=1` : `/api/sick/${id}/photo`;
}
