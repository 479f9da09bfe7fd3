import { HealthSchema } from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';

/** The browser has a network and the API answers GET /api/health. */
export async function isApiReachable(): Promise<boolean> {
  if (!navigator.onLine) return false;
  try {
    await apiRequest('/api/health', { schema: HealthSchema });
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
