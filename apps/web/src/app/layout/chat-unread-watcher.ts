// The title's chat unread count and the chat alert (issue 22 item 4), loaded with the live event stream once
// the page is idle after the first paint (app/live-events.ts); the root layout shows what it writes to the
// store in use-chat-unread.ts.
import type { QueryClient } from '@tanstack/react-query';
import type { AnyRouter } from '@tanstack/react-router';
import type { PermsResponse, UserInfo } from '@aula/contracts';
import { whenIdle } from '@/lib/idle';
import { featureOn, permsQueryOptions } from '@/lib/perms';
import { selfQueryKey } from '@/lib/session';
import { setChatUnread } from './use-chat-unread';

/** The room the chat page shows in a visible tab, if any (`/app/chat?room=7`). */
function readingRoom(location: { pathname: string; search: unknown }): number | undefined {
  if (document.visibilityState === 'hidden' || location.pathname !== '/app/chat') return undefined;
  const room = (location.search as { room?: unknown }).room;
  return typeof room === 'number' ? room : typeof room === 'string' ? Number(room) : undefined;
}

/**
 * While someone is signed in and the school has the Chat feature on (the user info and permissions in the
 * query cache, never asked for here: the start-up settles who is signed in), keeps the unread count and rings
 * the alert (spec 3.6 `chatNotificationAlert`: a tone and a mark when a message from someone else arrives in a
 * background tab or on another page). The chat's code loads once the page is idle after each sign-in.
 * Follows sign-out and impersonation; returns the stop function.
 */
export function watchChatUnread(queryClient: QueryClient, router: AnyRouter): () => void {
  let running: { selfId: number; stop?: () => void; gone: boolean } | undefined;
  const self = () => queryClient.getQueryData<UserInfo | null>(selfQueryKey);
  const chatInView = () =>
    document.visibilityState !== 'hidden' && router.state.location.pathname === '/app/chat';
  // read, or the chat page in view: the mark has done its job
  const acknowledge = () => {
    if (chatInView()) setChatUnread({ alerted: false });
  };

  const end = () => {
    if (!running) return;
    running.gone = true;
    running.stop?.();
    running = undefined;
    setChatUnread({ unread: 0, alerted: false });
  };

  const sync = () => {
    const selfId = self()?.id;
    const perms =
      selfId === undefined
        ? undefined
        : queryClient.getQueryData<PermsResponse>(permsQueryOptions(selfId).queryKey);
    const watched = selfId !== undefined && featureOn(perms, 'chat') ? selfId : undefined;
    if (running?.selfId === watched) return;
    end();
    if (watched === undefined) return;
    const run: NonNullable<typeof running> = { selfId: watched, gone: false };
    running = run;
    void whenIdle(
      'chat-unread',
      () =>
        Promise.all([import('@/features/chat/lib/unread-count'), import('@/features/chat/lib/chat-alert')])
          .then(([{ watchUnread }, { playChatTone, shouldAlert }]) => {
            if (run.gone) return;
            run.stop = watchUnread(queryClient, watched, {
              onCount: (unread) => setChatUnread(unread === 0 ? { unread, alerted: false } : { unread }),
              onMessage: (_message, roomId) => {
                const preference = self()?.preferences.chatNotificationAlert ?? false;
                const hidden = document.visibilityState === 'hidden';
                const reading = readingRoom(router.state.location) === roomId;
                if (!shouldAlert({ preference, hidden, readingRoom: reading })) return;
                playChatTone();
                if (!chatInView()) setChatUnread({ alerted: true });
              },
            });
          })
          .catch(() => undefined), // offline before it loaded: the next sign-in or reload tries again
    );
  };

  const permsKey = permsQueryOptions(undefined).queryKey[0];
  sync();
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    const key = event.query.queryKey[0];
    if (key === selfQueryKey[0] || key === permsKey) sync();
  });
  const stopFollowingRoute = router.subscribe('onResolved', acknowledge);
  document.addEventListener('visibilitychange', acknowledge);
  return () => {
    unsubscribe();
    stopFollowingRoute();
    document.removeEventListener('visibilitychange', acknowledge);
    end();
  };
}
