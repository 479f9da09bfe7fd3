import { useCallback, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { isApiReachable } from '@/lib/connectivity';

/** Retry for the offline and api-down pages: once the API answers again, back to root. */
export function useConnectionCheck() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [checking, setChecking] = useState(false);
  const [failed, setFailed] = useState(false);

  const check = useCallback(async () => {
    setChecking(true);
    const reachable = await isApiReachable();
    setChecking(false);
    setFailed(!reachable);
    if (!reachable) return;
    await queryClient.invalidateQueries();
    await navigate({ to: '/', replace: true });
  }, [navigate, queryClient]);

  return { check, checking, failed };
}
