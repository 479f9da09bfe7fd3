import i18n from 'i18next';
import { loadAllStrings } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { downloadFileName } from '../api/download-name';

/**
 * A download tile gives a toast naming the file (issue 19 item 2), as the browser's own download notice is
 * easy to miss on a phone. The name comes from a HEAD request for the same address (the tile's title if that
 * fails); the browser downloads the file itself. Loaded on the first click of a download tile, so the home
 * page does not carry it.
 */
export async function announceDownload(href: string, title: string): Promise<void> {
  const name = await downloadFileName(href);
  // the toast's text is not among the start-up strings, and i18n.t outside render cannot wait for them
  await loadAllStrings().catch(() => undefined);
  notify({ type: 'success', title: i18n.t('tileHelp.downloadStarted', { file: name ?? title }) });
}
