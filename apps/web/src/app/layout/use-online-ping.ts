import { useEffect } from 'react';
import { useRouter } from '@tanstack/react-router';
import { markOffline, reasonOf, showOfflinePage, whenVisible } from '@/lib/connectivity';
import { startOnlinePing } from '@/lib/online-ping';
import { useSelf } from '@/lib/session';

/**
 * The 15 s online ping while signed in; a lost network or a 503 shows the offline page (spec 4.4), whose
 * re-check repeats this ping (decision 057).
 */
export function useOnlinePing(): void {
  const self = useSelf();
  const router = useRouter();
  const signedIn = self !== null;
  useEffect(() => {
    if (!signedIn) return;
    let cancel: () => void = () => undefined;
    const goOffline = (error: unknown, ping: () => Promise<unknown>) => {
      markOffline(reasonOf(error), ping);
      cancel();
      cancel = whenVisible(() => showOfflinePage(router));
    };
    const stop = startOnlinePing(goOffline);
    return () => {
      stop();
      cancel();
    };
  }, [signedIn, router]);
}
