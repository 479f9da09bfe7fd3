// spec 4.2 "push setup starts" (decision 073): the push code loads only once someone signed in at a school with
// push on, after the first paint; from then on it follows the session itself (features/push/lib/push-session.ts).
// Sign-out unsubscribes this browser from the moment push is wanted, whether or not that code has loaded yet: a
// user who signs out right after opening the page keeps no subscription.
import type { QueryClient } from '@tanstack/react-query';
import type { AnyRouter } from '@tanstack/react-router';
import type { PermsResponse, UserInfo } from '@aula/contracts';
import { whenIdle } from '@/lib/idle';
import { featureOn, permsQueryOptions } from '@/lib/perms';
import { selfQueryKey } from '@/lib/session';
import { onSignOut } from '@/lib/sign-out-tasks';
import type * as PushSessionModule from '@/features/push/lib/push-session';

type PushSession = typeof PushSessionModule;

export function loadPushWhenWanted(queryClient: QueryClient, router: AnyRouter): () => void {
  let stop: (() => void) | undefined;
  let loading = false;
  let gone = false;
  let code: Promise<PushSession> | undefined;
  // the same module the idle load brings; a failed load (offline) is tried again by the next caller
  const load = () =>
    (code ??= import('@/features/push/lib/push-session').catch((error: unknown) => {
      code = undefined;
      throw error;
    }));
  let stopSignOut: (() => void) | undefined;
  const wanted = () => {
    const self = queryClient.getQueryData<UserInfo | null>(selfQueryKey);
    if (!self || self.impersonator !== null) return false;
    return featureOn(queryClient.getQueryData<PermsResponse>(permsQueryOptions(self.id).queryKey), 'push');
  };
  const check = () => {
    if (!wanted()) return;
    // asked at the sign-out itself: not while impersonating, nor for a school that switched push off since
    stopSignOut ??= onSignOut(async () => {
      if (wanted()) await (await load()).signOutHere();
    });
    if (loading) return;
    loading = true;
    void whenIdle('push', () =>
      load()
        .then(({ followPush }) => {
          if (!gone) stop = followPush(queryClient, router);
        })
        .catch(() => {
          // offline before it loaded: the next change of the session tries again
          loading = false;
        }),
    );
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
    stopSignOut?.();
    stop?.();
  };
}
