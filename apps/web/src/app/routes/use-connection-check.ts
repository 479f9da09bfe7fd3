import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { OFFLINE_RECHECK_MS, ONLINE_PING_MS } from '@aula/contracts';
import { isApiReachable } from '@/lib/connectivity';

/**
 * The offline and api-down pages: a retry, and the automatic re-check of spec 4.4 — 1 s after the page
 * opens, after the network returns or the tab is looked at again, then every ping interval while
 * visible. Once the API answers, back to root (docs/decisions/022-offline-recheck.md).
 */
export function useConnectionCheck() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [checking, setChecking] = useState(false);
  const [failed, setFailed] = useState(false);

  const check = useCallback(async (): Promise<boolean> => {
    setChecking(true);
    const reachable = await isApiReachable();
    setChecking(false);
    setFailed(!reachable);
    if (!reachable) return false;
    await queryClient.invalidateQueries();
    await navigate({ to: '/', replace: true });
    return true;
  }, [navigate, queryClient]);

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
    soon();
    window.addEventListener('online', soon);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('online', soon);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [check]);

  return { check, checking, failed };
}
