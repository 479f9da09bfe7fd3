import { CSRF_HEADER } from '@aula/contracts';
import { ApiError, emitGlobalApiEvent, globalEventFor, refreshSession, sessionTimes } from './api-client';

// An upload that shows its progress (a photo, a CSV file): apiRequest's rules over XHR, which unlike fetch
// reports how much is sent. Outside the start path: only the lazy screens that upload import it.

export interface UploadRequest {
  url: string;
  body: FormData | Blob;
  /** for a bare file body (a CSV); a form sets its own */
  contentType?: string;
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

/** One upload by XHR; a network failure is a TypeError, as fetch's. */
function send({ url, body, contentType, onProgress }: UploadRequest) {
  return new Promise<{ status: number; statusText: string; body: unknown }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    if (contentType) xhr.setRequestHeader('content-type', contentType);
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

/**
 * POSTs the body and answers the response's JSON. Like apiRequest: an expired access token is refreshed once,
 * 401 and 418 go to the whole app, and so do a 502 or 503 without Aula's error body (a proxy's; decision 078);
 * any other failure is an ApiError with the server's body, for the screen to show.
 */
export async function uploadRequest(request: UploadRequest): Promise<unknown> {
  let res = await send(request);
  if (res.status === 401 && (sessionTimes()?.refresh ?? 0) > Date.now()) {
    const refreshed = await refreshSession();
    if (refreshed.ok) res = await send(request);
  }
  if (res.status < 200 || res.status >= 300) {
    const error = new ApiError(request.url, res.status, res.statusText, res.body);
    // every upload needs a session: a 401 is a logout
    const event = globalEventFor(res.status, true, res.body);
    if (event) emitGlobalApiEvent(event, error);
    throw error;
  }
  return res.body;
}
