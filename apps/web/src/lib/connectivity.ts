import { DIALOG_PARAM, type Health } from '@aula/contracts';
import type { AnyRouter } from '@tanstack/react-router';
import { ApiError, apiRequest, isNetworkError, trusted } from '@/lib/api-client';

/**
 * Why the app is offline (decision 057): `network` when the device has no network (the browser says so, or a
 * request failed before any answer), `unavailable` when Aula answered 5xx.
 */
export type OfflineReason = 'network' | 'unavailable';

/** A request to repeat: the re-check repeats the one that failed, not an easier one (decision 057). */
type Check = () => Promise<unknown>;

/** Set by a 503 or a failed ping (spec 4.4); only a successful check clears it. */
let marked: { reason: OfflineReason; check?: Check } | null = null;
/** Where the user was when the app went offline: a successful check returns there (decision 057). */
let returnTo: string | null = null;

/** The app counts as offline after a 503 or a lost ping, not only when the browser says so. */
export function markOffline(reason: OfflineReason = 'unavailable', check?: Check): void {
  marked = { reason, check: check ?? marked?.check };
}

/** spec 2.4 rule 1's "online": the browser has a network and nothing marked the app offline since. */
export function isOnline(): boolean {
  return navigator.onLine && !marked;
}

/** What the offline page says: no network wins over a server that does not answer. */
export function offlineReason(): OfflineReason {
  return (navigator.onLine && marked?.reason) || 'network';
}

/** A failed request's reason: no answer at all is the network, an answer is Aula's. */
export function reasonOf(error: unknown): OfflineReason {
  return !navigator.onLine || isNetworkError(error) ? 'network' : 'unavailable';
}

const health: Check = () => apiRequest('/api/health', { schema: trusted<Health>() });

/**
 * Repeats the request that took the app offline (GET /api/health when it was not a request of its own, or the
 * online ping), so a check does not pass while that request still fails; a success ends the offline state.
 * Returns null when reachable, otherwise why not.
 */
export async function recheck(): Promise<OfflineReason | null> {
  if (!navigator.onLine) return 'network';
  try {
    await (marked?.check ?? health)();
    marked = null;
    return null;
  } catch (error) {
    // an answer below 500 (a 401 after the session ended) is Aula answering: its own handlers take over
    if (error instanceof ApiError && error.status < 500) {
      marked = null;
      return null;
    }
    const reason = reasonOf(error);
    if (marked) marked.reason = reason;
    return reason;
  }
}

/**
 * Shows the offline page, keeping the open dialogs in the address: the dialog host keeps them mounted, with
 * what was typed, and they come back with the page the user was on (decision 057).
 */
export function showOfflinePage(router: AnyRouter): void {
  const { pathname, href, search } = router.state.location;
  if (pathname === '/offline') return;
  if (pathname !== '/502') returnTo = href;
  const dialog = (search as Record<string, string | undefined>)[DIALOG_PARAM];
  void router.navigate({ to: '/offline', search: { [DIALOG_PARAM]: dialog }, replace: true });
}

/** Where a successful check goes: back to the page of showOfflinePage, or root (spec 4.4); asked once. */
export function takeReturnPath(): string {
  const target = returnTo ?? '/';
  returnTo = null;
  return target;
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
