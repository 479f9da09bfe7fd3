import { useCallback, useEffect, useState } from 'react';
import { useRouter } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { OFFLINE_RECHECK_MS, ONLINE_PING_MS } from '@aula/contracts';
import { offlineReason, recheck, takeReturnPath, type OfflineReason } from '@/lib/connectivity';

/**
 * The offline and api-down pages: a retry, and the automatic re-check of spec 4.4 — 1 s after the page
 * opens, after the network returns or the tab is looked at again, then every ping interval while
 * visible (docs/decisions/022-offline-recheck.md). A check repeats the request that failed, so the page does
 * not leave while it still fails; once it answers, back to the page the user was on, with its open dialogs
 * (decision 057). `reason` says whether the device or Aula is at fault.
 */
export function useConnectionCheck() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [checking, setChecking] = useState(false);
  const [failed, setFailed] = useState(false);
  const [reason, setReason] = useState<OfflineReason>(offlineReason);

  const check = useCallback(async (): Promise<boolean> => {
    setChecking(true);
    const failure = await recheck();
    setChecking(false);
    setFailed(failure !== null);
    if (failure) {
      setReason(failure);
      return false;
    }
    await queryClient.invalidateQueries();
    await router.navigate({ href: takeReturnPath(), replace: true });
    return true;
  }, [router, queryClient]);

  useEffect(() => {
    let timer: number | undefined;
    const schedule = (ms: number) => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => void run(), ms);
    };
    const run = async () => {
      // a hidden tab checks again when it becomes visible (onVisible below)
      if (document.visibilityState !== 'visible') return;
      if (!(await check())) schedule(ONLINE_PING_MS);
    };
    const soon = () => schedule(OFFLINE_RECHECK_MS);
    const onVisible = () => document.visibilityState === 'visible' && soon();
    const lost = () => setReason('network');
    soon();
    window.addEventListener('online', soon);
    window.addEventListener('offline', lost);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('online', soon);
      window.removeEventListener('offline', lost);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [check]);

  return { check, checking, failed, reason };
}
