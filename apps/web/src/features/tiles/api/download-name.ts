import { fileNameOf } from '../lib/download-name';

/** HEAD /api/apps/{id}/download: the name of the file a download tile sends, or null if it cannot be read. */
export async function downloadFileName(href: string): Promise<string | null> {
  try {
    const response = await fetch(href, { method: 'HEAD', credentials: 'same-origin' });
    return response.ok ? fileNameOf(response.headers.get('content-disposition')) : null;
  } catch {
    // offline or refused
    return null;
  }
}
