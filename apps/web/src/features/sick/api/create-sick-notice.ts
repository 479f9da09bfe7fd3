import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CSRF_HEADER, SickNoticeSchema, type SickNotice } from '@aula/contracts';
import { ApiError, emitGlobalApiEvent, refreshSession, sessionTimes } from '@/lib/api-client';

export interface CreateSickNoticeRequest {
  body: FormData;
  /** called with the share sent so far, 0 to 1 */
  onProgress?: (fraction: number) => void;
}

function parse(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return text;
  }
}

const URL = '/api/sick';

/** One upload by XHR, which (unlike fetch) reports upload progress; a network failure is a TypeError. */
function send({ body, onProgress }: CreateSickNoticeRequest) {
  return new Promise<{ status: number; statusText: string; body: unknown }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', URL);
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
    xhr.send(body);
  });
}

const GLOBAL: Partial<Record<number, 'forced-logout' | 'logged-out' | 'api-down' | 'unavailable'>> = {
  418: 'forced-logout',
  401: 'logged-out',
  502: 'api-down',
  503: 'unavailable',
};

/**
 * POST /api/sick (multipart, spec 7.3): the notice's fields and an optional photo. Like apiRequest: an expired
 * access token is refreshed once, and 401/418/502/503 are reported to the whole app.
 */
export async function createSickNotice(request: CreateSickNoticeRequest): Promise<SickNotice> {
  let res = await send(request);
  if (res.status === 401 && (sessionTimes()?.refresh ?? 0) > Date.now()) {
    const refreshed = await refreshSession();
    if (refreshed.ok) res = await send(request);
  }
  if (res.status < 200 || res.status >= 300) {
    const error = new ApiError(URL, res.status, res.statusText, res.body);
    const event = GLOBAL[res.status];
    if (event) emitGlobalApiEvent(event, error);
    throw error;
  }
  return SickNoticeSchema.parse(res.body);
}

/** Sending invalidates every query rooted at ['sick'] (the list, the count, a pupil's notices). */
export function useCreateSickNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSickNotice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['sick'] }),
  });
}
