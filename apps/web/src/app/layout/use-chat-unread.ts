import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import type { PermsResponse, UserInfo } from '@aula/contracts';
import { whenIdle } from '@/lib/idle';
import { featureOn, permsQueryOptions } from '@/lib/perms';
import { selfQueryKey } from '@/lib/session';

export interface ChatUnread {
  /** unread messages in all the caller's rooms (0 before it is known) */
  unread: number;
  /** the chat alert went off and the message is not read yet: the title says so */
  alerted: boolean;
}

/** The room the chat page shows in a visible tab, if any (`/app/chat?room=7`). */
function readingRoom(location: { pathname: string; search: unknown }): number | undefined {
  if (document.visibilityState === 'hidden' || location.pathname !== '/app/chat') return undefined;
  const room = (location.search as { room?: unknown }).room;
  return typeof room === 'number' ? room : typeof room === 'string' ? Number(room) : undefined;
}

/**
 * What the cache holds under `queryKey`, without asking the server: the root layout is on the page before the
 * start-up has settled who is signed in (an early GET /api/self would race the refresh of an expired token).
 */
function useCached<T>(queryClient: QueryClient, queryKey: readonly unknown[]): T | undefined {
  const key = JSON.stringify(queryKey);
  const subscribe = useCallback(
    (changed: () => void) => queryClient.getQueryCache().subscribe(changed),
    [queryClient],
  );
  return useSyncExternalStore(subscribe, () => queryClient.getQueryData<T>(JSON.parse(key) as unknown[]));
}

/**
 * Issue 22 item 4: while someone is signed in and the school has the Chat feature on, the unread count for the
 * title and the chat alert (spec 3.6 `chatNotificationAlert`: a tone and a mark when a message from someone
 * else arrives in a background tab or on another page). The chat's code loads once the page is idle after the
 * first paint, so the first screen weighs the same.
 */
export function useChatUnread(onChatPage: boolean): ChatUnread {
  const queryClient = useQueryClient();
  const router = useRouter();
  const self = useCached<UserInfo | null>(queryClient, selfQueryKey);
  const selfId = self?.id;
  const perms = useCached<PermsResponse>(queryClient, permsQueryOptions(selfId).queryKey);
  const chatOn = featureOn(perms, 'chat');
  const preference = self?.preferences.chatNotificationAlert ?? false;
  const preferenceRef = useRef(preference);
  useEffect(() => {
    preferenceRef.current = preference;
  }, [preference]);
  const [unread, setUnread] = useState(0);
  const [alerted, setAlerted] = useState(false);

  useEffect(() => {
    if (selfId === undefined || !chatOn) return;
    let stop: (() => void) | undefined;
    let disposed = false;
    whenIdle(() => {
      void Promise.all([import('@/features/chat/lib/unread-count'), import('@/features/chat/lib/chat-alert')])
        .then(([{ watchUnread }, { playChatTone, shouldAlert }]) => {
          if (disposed) return;
          stop = watchUnread(queryClient, selfId, {
            onCount: setUnread,
            onMessage: (_message, roomId) => {
              const hidden = document.visibilityState === 'hidden';
              const reading = readingRoom(router.state.location) === roomId;
              if (!shouldAlert({ preference: preferenceRef.current, hidden, readingRoom: reading })) return;
              playChatTone();
              setAlerted(true);
            },
          });
        })
        .catch(() => undefined); // offline before it loaded: the next sign-in or reload tries again
    });
    return () => {
      disposed = true;
      stop?.();
      setUnread(0);
      setAlerted(false);
    };
  }, [queryClient, router, selfId, chatOn]);

  // read, or the chat page opened in view: the mark has done its job (adjusted while rendering)
  const acknowledged = unread === 0 || (onChatPage && document.visibilityState !== 'hidden');
  if (acknowledged && alerted) setAlerted(false);
  return { unread: selfId !== undefined && chatOn ? unread : 0, alerted: alerted && !acknowledged };
}
