import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CameraPictureSchema, type CameraPicture } from '@aula/contracts';
import { uploadRequest } from '@/lib/upload-request';

export interface UploadPictureRequest {
  laraId: string;
  photo: File;
  /** called with the share of the photo sent so far, 0 to 1 */
  onProgress?: (fraction: number) => void;
}

/**
 * POST /api/camera/:laraId (multipart, field `photo`): adds a picture of the person and answers it (201).
 * Like apiRequest: an expired access token is refreshed once, and 401/418/502/503 go to the whole app.
 */
export async function uploadPicture({
  laraId,
  photo,
  onProgress,
}: UploadPictureRequest): Promise<CameraPicture> {
  const body = new FormData();
  body.append('photo', photo, photo.name);
  const url = `/api/camera/${encodeURIComponent(laraId)}`;
  return CameraPictureSchema.parse(await uploadRequest({ url, body, onProgress }));
}

export function useUploadPicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadPicture,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['camera'] }),
  });
}
