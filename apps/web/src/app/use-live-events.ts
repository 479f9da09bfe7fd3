import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { UserInfo } from '@aula/contracts';
import { whenIdle } from '@/lib/idle';
import { selfQueryKey } from '@/lib/session';

/**
 * Issue 22: this tab's live event stream runs while someone is signed in, and restarts for another user. Its
 * code loads once the page is idle after the first paint (like the idle logout), not on the first screen.
 */
export function useLiveEvents(queryClient: QueryClient): void {
  useEffect(() => {
    let running: { userId: number; stop: () => void } | undefined;
    let loading = false;
    let disposed = false;
    const userId = () => queryClient.getQueryData<UserInfo | null>(selfQueryKey)?.id;
    const sync = () => {
      const id = userId();
      if (running && running.userId !== id) {
        running.stop();
        running = undefined;
      }
      if (id === undefined || running || loading) return;
      loading = true;
      whenIdle(() => {
        import('./live-events')
          .then(({ startLiveEvents }) => {
            loading = false;
            const now = userId();
            if (!disposed && now !== undefined && !running)
              running = { userId: now, stop: startLiveEvents(queryClient) };
          })
          .catch(() => {
            // offline before it loaded: the next change of the user info tries again
            loading = false;
          });
      });
    };
    sync();
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.query.queryKey[0] === selfQueryKey[0]) sync();
    });
    return () => {
      disposed = true;
      unsubscribe();
      running?.stop();
    };
  }, [queryClient]);
}
