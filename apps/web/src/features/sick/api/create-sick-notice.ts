import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SickNoticeSchema, type SickNotice } from '@aula/contracts';
import { uploadRequest } from '@/lib/upload-request';

export interface CreateSickNoticeRequest {
  body: FormData;
  /** called with the share sent so far, 0 to 1 */
  onProgress?: (fraction: number) => void;
}

/**
 * POST /api/sick (multipart, spec 7.3): the notice's fields and an optional photo. Like apiRequest: an expired
 * access token is refreshed once, and 401/418/502/503 are reported to the whole app.
 */
export async function createSickNotice({ body, onProgress }: CreateSickNoticeRequest): Promise<SickNotice> {
  return SickNoticeSchema.parse(await uploadRequest({ url: '/api/sick', body, onProgress }));
}

/** Sending invalidates every query rooted at ['sick'] (the list, the count, a pupil's notices). */
export function useCreateSickNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSickNotice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['sick'] }),
  });
}
