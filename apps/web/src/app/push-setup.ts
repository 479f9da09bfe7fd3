// spec 4.2 "push setup starts" (decision 073): the push code loads only once someone signed in at a school with
// push on, after the first paint; from then on it follows the session itself (features/push/lib/push-session.ts).
import type { QueryClient } from '@tanstack/react-query';
import type { AnyRouter } from '@tanstack/react-router';
import type { PermsResponse, UserInfo } from '@aula/contracts';
import { whenIdle } from '@/lib/idle';
import { featureOn, permsQueryOptions } from '@/lib/perms';
import { selfQueryKey } from '@/lib/session';

export function loadPushWhenWanted(queryClient: QueryClient, router: AnyRouter): () => void {
  let stop: (() => void) | undefined;
  let loading = false;
  let gone = false;
  const wanted = () => {
    const self = queryClient.getQueryData<UserInfo | null>(selfQueryKey);
    if (!self || self.impersonator !== null) return false;
    return featureOn(queryClient.getQueryData<PermsResponse>(permsQueryOptions(self.id).queryKey), 'push');
  };
  const check = () => {
    if (loading || !wanted()) return;
    loading = true;
    whenIdle(() => {
      import('@/features/push/lib/push-session')
        .then(({ followPush }) => {
          if (!gone) stop = followPush(queryClient, router);
        })
        .catch(() => {
          // offline before it loaded: the next change of the session tries again
          loading = false;
        });
    });
  };
  const permsKey = permsQueryOptions(undefined).queryKey[0];
  check();
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    const key = event.query.queryKey[0];
    if (!stop && (key === selfQueryKey[0] || key === permsKey)) check();
  });
  return () => {
    gone = true;
    unsubscribe();
    stop?.();
  };
}
