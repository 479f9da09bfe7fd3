import { useEffect } from 'react';
import { useRouter } from '@tanstack/react-router';
import { startOnlinePing } from '@/lib/online-ping';
import { useSelf } from '@/lib/session';

/** The 15 s online ping while signed in; a lost network shows the offline page (spec 4.4). */
export function useOnlinePing(): void {
  const self = useSelf();
  const router = useRouter();
  const signedIn = self !== null;
  useEffect(() => {
    if (!signedIn) return;
    const goOffline = () => {
      const go = () => void router.navigate({ to: '/offline', replace: true });
      // spec 4.4: a hidden tab waits until it is looked at again
      if (document.visibilityState === 'visible') return go();
      document.addEventListener('visibilitychange', go, { once: true });
    };
    return startOnlinePing(goOffline);
  }, [signedIn, router]);
}
