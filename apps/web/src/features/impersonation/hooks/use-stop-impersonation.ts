import { useCallback } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { refreshSession } from '@/lib/api-client';
import { useConfig } from '@/lib/config';
import { notify } from '@/lib/notify';
import { afterLogoutPath, displayName, endSession, selfQueryOptions } from '@/lib/session';
import { stopImpersonation } from '../api/stop-impersonation';
import { useSwitchSession } from './use-switch-session';

/**
 * When DELETE could not hand back the real user (the impersonation already ended on the server):
 * a refresh and a fresh self say who this browser is now; nobody means the login or root page.
 */
export function useSettleAfterEnd(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const config = useConfig();
  return useCallback(async () => {
    await refreshSession();
    const user = await queryClient.fetchQuery({ ...selfQueryOptions(), staleTime: 0 }).catch(() => null);
    if (!user) {
      endSession(queryClient);
      await navigate({ to: afterLogoutPath(config), search: {}, replace: true });
      return;
    }
    if (user.impersonator) return;
    queryClient.removeQueries({
      predicate: (query) => query.queryKey[0] !== 'config' && query.queryKey[0] !== 'self',
    });
    await navigate({ to: '/', search: {} });
  }, [queryClient, navigate, config]);
}

/** Stop impersonating: DELETE /api/users/impersonate and show the real user again (spec 4.3). */
export function useStopImpersonation() {
  const { t } = useTranslation();
  const switchSession = useSwitchSession();
  const settle = useSettleAfterEnd();
  return useMutation({
    mutationFn: stopImpersonation,
    onSuccess: async (session) => {
      await switchSession(session);
      notify({ type: 'success', title: t('impersonation.stopped', { name: displayName(session.user) }) });
    },
    onError: async () => {
      await settle();
    },
  });
}
