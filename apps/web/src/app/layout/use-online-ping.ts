import { useEffect } from 'react';
import { useRouter } from '@tanstack/react-router';
import { markOffline, whenVisible } from '@/lib/connectivity';
import { startOnlinePing } from '@/lib/online-ping';
import { useSelf } from '@/lib/session';

/** The 15 s online ping while signed in; a lost network shows the offline page (spec 4.4). */
export function useOnlinePing(): void {
  const self = useSelf();
  const router = useRouter();
  const signedIn = self !== null;
  useEffect(() => {
    if (!signedIn) return;
    let cancel: () => void = () => undefined;
    const goOffline = () => {
      markOffline();
      cancel();
      cancel = whenVisible(() => void router.navigate({ to: '/offline', replace: true }));
    };
    const stop = startOnlinePing(goOffline);
    return () => {
      stop();
      cancel();
    };
  }, [signedIn, router]);
}
