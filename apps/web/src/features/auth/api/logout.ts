import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notify';
import type { LogoutResult } from '@aula/contracts';
import { ApiError, apiRequest, trusted } from '@/lib/api-client';
import { useConfig, type AppConfig } from '@/lib/config';
import { afterLogoutPath, endSession, rememberSignOut } from '@/lib/session';
import { markOwnSignOut } from '@/lib/own-sign-out';
import { runSignOutTasks } from '@/lib/sign-out-tasks';

const FRAME_LIFETIME_MS = 30_000;

/** An http(s) address, or null for anything else (a script URL must never be navigated to). */
function webAddress(url: string): URL | null {
  try {
    const parsed = new URL(url, window.location.href);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed : null;
  } catch {
    return null;
  }
}

/** spec 4.1: each returned URL is opened in a hidden frame (single sign-out at other services). */
function openLogoutFrames(urls: readonly string[]): void {
  for (const url of urls) {
    const parsed = webAddress(url);
    if (!parsed) continue;
    const frame = document.createElement('iframe');
    frame.src = parsed.href;
    frame.hidden = true;
    frame.tabIndex = -1;
    frame.setAttribute('aria-hidden', 'true');
    document.body.append(frame);
    window.setTimeout(() => frame.remove(), FRAME_LIFETIME_MS);
  }
}

export function logout() {
  return apiRequest('/api/logout', { method: 'POST', schema: trusted<LogoutResult>() });
}

export type LogoutReason = 'user' | 'idle';

export interface LogoutContext {
  queryClient: QueryClient;
  config: AppConfig;
  navigate: (options: { to: '/' | '/login'; search: { dialog: string }; replace: true }) => Promise<unknown>;
}

/**
 * Finishes a sign-out here: hidden frames, no personal data left, then the identity provider's own sign-out
 * in the top window when it has one (it comes back to the login page's after-logout dialog), else the
 * after-logout dialog, which says when the provider may still be signed in (issue 16).
 */
async function finishLogout(
  { queryClient, config, navigate }: LogoutContext,
  result: LogoutResult,
  reason: LogoutReason,
) {
  openLogoutFrames(result.urls);
  endSession(queryClient);
  rememberSignOut({ idle: reason === 'idle', providerSignedIn: result.providerSignedIn === true });
  const provider = result.redirect ? webAddress(result.redirect) : null;
  if (provider) {
    // a top-level navigation: the provider's "sign out?" page can be answered, and its cookies are sent
    window.location.assign(provider.href);
    return;
  }
  // spec 2.5: the after-logout dialog tells the user they are signed out, with a way back in.
  await navigate({ to: afterLogoutPath(config), search: { dialog: 'after-logout' }, replace: true });
}

/**
 * spec 4.1 logout: the endpoint, a hidden frame per returned URL, nothing personal left, the theme
 * back to auto. Used by the logout dialog, the idle timer and declining the terms. Resolves false
 * when the server could not be told (the session stays, so nothing is lost).
 */
export async function performLogout(context: LogoutContext, reason: LogoutReason = 'user'): Promise<boolean> {
  markOwnSignOut(true);
  // before the session ends, as the push unsubscription still has it then; never awaited
  runSignOutTasks();
  try {
    await finishLogout(context, await logout(), reason);
    return true;
  } catch (error) {
    // The server has already ended this session (expired or revoked): finish locally.
    if (error instanceof ApiError && (error.status === 401 || error.status === 418)) {
      await finishLogout(context, { urls: [] }, reason);
      return true;
    }
    markOwnSignOut(false);
    return false;
  }
}

export function useLogout(reason: LogoutReason = 'user') {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const config = useConfig();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: async () => {
      if (!(await performLogout({ queryClient, config, navigate }, reason))) throw new Error('logout failed');
    },
    onError: () => notify({ type: 'error', title: t('logout.failed') }),
  });
}
