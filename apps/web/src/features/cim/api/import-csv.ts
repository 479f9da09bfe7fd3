import { useMutation } from '@tanstack/react-query';
import { CSRF_HEADER, CimImportResultSchema, type CimImportResult } from '@aula/contracts';
import { ApiError, emitGlobalApiEvent, refreshSession, sessionTimes } from '@/lib/api-client';

export interface ImportCsvRequest {
  file: Blob;
  dryRun: boolean;
  /** called with the share of the file sent so far, 0 to 1 */
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
function send(url: string, { file, onProgress }: ImportCsvRequest) {
  return new Promise<{ status: number; statusText: string; body: unknown }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('content-type', 'text/csv');
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
    xhr.send(file);
  });
}

/**
 * POST /api/cim/import (superadmins): the CSV file as the body; a dry run answers the plan, otherwise
 * the counts of what was applied. Like apiRequest: an expired access token is refreshed once, and
 * 401/418/502/503 are reported to the whole app.
 */
export async function importCsv(request: ImportCsvRequest): Promise<CimImportResult> {
  const url = `/api/cim/import?dryRun=${request.dryRun}`;
  let res = await send(url, request);
  if (res.status === 401 && (sessionTimes()?.refresh ?? 0) > Date.now()) {
    const refreshed = await refreshSession();
    if (refreshed.ok) res = await send(url, request);
  }
  if (res.status < 200 || res.status >= 300) {
    const error = new ApiError(url, res.status, res.statusText, res.body);
    const event =
      res.status === 418
        ? 'forced-logout'
        : res.status === 401
          ? 'logged-out'
          : res.status === 502
            ? 'api-down'
            : res.status === 503
              ? 'unavailable'
              : undefined;
    if (event) emitGlobalApiEvent(event, error);
    throw error;
  }
  return CimImportResultSchema.parse(res.body);
}

export function useImportCsv() {
  return useMutation({ mutationFn: importCsv });
}
