import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CSRF_HEADER, CameraPictureSchema, type CameraPicture } from '@aula/contracts';
import {
  ApiError,
  emitGlobalApiEvent,
  refreshSession,
  sessionTimes,
  type GlobalApiEvent,
} from '@/lib/api-client';

export interface UploadPictureRequest {
  laraId: string;
  photo: File;
  /** called with the share of the photo sent so far, 0 to 1 */
  onProgress?: (fraction: number) => void;
}

function parse(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return text;
  }
}

/** One upload by XHR, which (unlike fetch) reports upload progress; a network failure is a TypeError. */
function send(url: string, { photo, onProgress }: UploadPictureRequest) {
  const form = new FormData();
  form.append('photo', photo, photo.name);
  return new Promise<{ status: number; statusText: string; body: unknown }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader(CSRF_HEADER, '1');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      onProgress?.(1);
      resolve({ status: xhr.status, statusText: xhr.statusText, body: parse(xhr.responseText) });
    };
    xhr.onerror = () => reject(new TypeError('network error'));
    xhr.onabort = () => reject(new TypeError('aborted'));
    xhr.send(form);
  });
}

const GLOBAL_EVENTS: Partial<Record<number, GlobalApiEvent>> = {
  401: 'logged-out',
  418: 'forced-logout',
  502: 'api-down',
  503: 'unavailable',
};

/**
 * POST /api/camera/:laraId (multipart, field `photo`): adds a picture of the person and answers it (201).
 * Like apiRequest: an expired access token is refreshed once, and 401/418/502/503 go to the whole app.
 */
export async function uploadPicture(request: UploadPictureRequest): Promise<CameraPicture> {
  const url = `/api/camera/${encodeURIComponent(request.laraId)}`;
  let res = await send(url, request);
  if (res.status === 401 && (sessionTimes()?.refresh ?? 0) > Date.now()) {
    const refreshed = await refreshSession();
    if (refreshed.ok) res = await send(url, request);
  }
  if (res.status < 200 || res.status >= 300) {
    const error = new ApiError(url, res.status, res.statusText, res.body);
    const event = GLOBAL_EVENTS[res.status];
    if (event) emitGlobalApiEvent(event, error);
    throw error;
  }
  return CameraPictureSchema.parse(res.body);
}

export function useUploadPicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadPicture,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['camera'] }),
  });
}
