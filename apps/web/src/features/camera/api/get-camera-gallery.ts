import { queryOptions, useQuery } from '@tanstack/react-query';
import { CameraGallerySchema } from '@aula/contracts';
import { ApiError, apiRequest } from '@/lib/api-client';

/** GET /api/camera/:laraId: one person's pictures, newest first; 404 when the caller may not see them. */
export function cameraGalleryQueryOptions(laraId: string) {
  return queryOptions({
    queryKey: ['camera', 'gallery', laraId],
    queryFn: ({ signal }) =>
      apiRequest(`/api/camera/${encodeURIComponent(laraId)}`, {
        schema: CameraGallerySchema,
        requiresLogin: true,
        signal,
      }),
    // a 404 (unknown or not allowed) does not change by asking again
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
}

export function useCameraGallery(laraId: string) {
  return useQuery(cameraGalleryQueryOptions(laraId));
}
