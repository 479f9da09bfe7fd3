import type { Health } from '@aula/contracts';
import { apiRequest, trusted } from '@/lib/api-client';

/** Set by a 503 or a failed ping (spec 4.4); only a successful check clears it. */
let markedOffline = false;

/** The app counts as offline after a 503 or a lost ping, not only when the browser says so. */
export function markOffline(): void {
  markedOffline = true;
}

/** spec 2.4 rule 1's "online": the browser has a network and nothing marked the app offline since. */
export function isOnline(): boolean {
  return navigator.onLine && !markedOffline;
}

/** The browser has a network and the API answers GET /api/health; a success ends the offline state. */
export async function isApiReachable(): Promise<boolean> {
  if (!navigator.onLine) return false;
  try {
    await apiRequest('/api/health', { schema: trusted<Health>() });
    markedOffline = false;
    return true;
  } catch {
    return false;
  }
}

/**
 * spec 4.4: runs `fn` now when the tab is visible, otherwise once it is looked at again
 * (a background tab does not jump to the offline page unseen). Returns a cancel function.
 */
export function whenVisible(fn: () => void): () => void {
  if (document.visibilityState === 'visible') {
    fn();
    return () => undefined;
  }
  const onChange = () => {
    if (document.visibilityState !== 'visible') return;
    document.removeEventListener('visibilitychange', onChange);
    fn();
  };
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}
