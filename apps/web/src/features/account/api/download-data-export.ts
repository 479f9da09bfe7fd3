import { useMutation } from '@tanstack/react-query';
import { ApiError, refreshSession } from '@/lib/api-client';

const URL_PATH = '/api/users/data';

export interface ExportProgress {
  received: number;
  /** from Content-Length; undefined when the server streams without one */
  total: number | undefined;
}

/** The name from `Content-Disposition` (RFC 6266: filename* wins over filename), or a fallback. */
export function fileNameFrom(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // a malformed encoding: try the plain parameter
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;\s]+)/.exec(header);
  const name = plain?.[1] ?? plain?.[2];
  return name ? name.replace(/[/\\]/g, '_') : fallback;
}

async function readBody(response: Response, onProgress: (p: ExportProgress) => void): Promise<Blob> {
  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : undefined;
  const type = response.headers.get('content-type') ?? 'application/json';
  if (!response.body) return new Blob([await response.arrayBuffer()], { type });
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress({ received, total });
  }
  return new Blob(chunks as BlobPart[], { type });
}

/**
 * GET /api/users/data: the user's own data as a JSON file. Fetched here rather than through a link,
 * so the dialog can show progress and a translated error; an expired access token is refreshed once.
 */
export async function fetchDataExport(
  onProgress: (p: ExportProgress) => void,
): Promise<{ blob: Blob; fileName: string }> {
  const send = () => fetch(URL_PATH, { headers: { accept: 'application/json' }, credentials: 'same-origin' });
  let response = await send();
  if (response.status === 401 && (await refreshSession())) response = await send();
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text || undefined;
    try {
      body = text ? (JSON.parse(text) as unknown) : undefined;
    } catch {
      // not JSON: keep the text
    }
    throw new ApiError(URL_PATH, response.status, response.statusText, body);
  }
  const blob = await readBody(response, onProgress);
  const fallback = `aula-data-${new Date().toISOString().slice(0, 10)}.json`;
  return { blob, fileName: fileNameFrom(response.headers.get('content-disposition'), fallback) };
}

/** Hands the file to the browser's download (an object URL on a temporary link). */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // revoking at once can cancel the download in some browsers; a minute is plenty to start it
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function useDataExport(onProgress: (p: ExportProgress) => void) {
  return useMutation({
    mutationFn: () => fetchDataExport(onProgress),
    onSuccess: ({ blob, fileName }) => saveFile(blob, fileName),
  });
}
