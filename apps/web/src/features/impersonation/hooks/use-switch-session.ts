import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { SessionResult } from '@aula/contracts';
import { startSession } from '@/lib/session';

/**
 * Shows another user's session (impersonation start or stop, spec 4.3): nothing cached for the
 * previous user stays (the other person's tiles, groups or permissions), then the home page.
 */
export function useSwitchSession(): (session: SessionResult) => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (session) => {
      queryClient.removeQueries({
        predicate: (query) => query.queryKey[0] !== 'config' && query.queryKey[0] !== 'self',
      });
      await startSession(queryClient, session);
      await navigate({ to: '/', search: {} });
    },
    [queryClient, navigate],
  );
}
