import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notify';
import { LogoutResultSchema } from '@aula/contracts';
import { ApiError, apiRequest } from '@/lib/api-client';
import { useConfig } from '@/lib/config';
import { afterLogoutPath, endSession } from '@/lib/session';

const FRAME_LIFETIME_MS = 30_000;
const SIGNED_OUT_AT_KEY = 'aula.signedOutAt';

/** When this tab last signed out, for the after-logout dialog (a time, nothing personal). */
export function signedOutAt(): number | undefined {
  try {
    const value = Number(sessionStorage.getItem(SIGNED_OUT_AT_KEY));
    return Number.isFinite(value) && value > 0 ? value : undefined;
  } catch {
    return undefined;
  }
}

function rememberSignOut(): void {
  try {
    sessionStorage.setItem(SIGNED_OUT_AT_KEY, String(Date.now()));
  } catch {
    // Without storage the dialog simply leaves out the time.
  }
}

/** spec 4.1: each returned URL is opened in a hidden frame (single sign-out at other services). */
function openLogoutFrames(urls: readonly string[]): void {
  for (const url of urls) {
    let parsed: URL;
    try {
      parsed = new URL(url, window.location.href);
    } catch {
      continue;
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') continue;
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
  return apiRequest('/api/logout', { method: 'POST', schema: LogoutResultSchema });
}

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const config = useConfig();
  const { t } = useTranslation();

  const finish = async (urls: readonly string[]) => {
    openLogoutFrames(urls);
    endSession(queryClient);
    rememberSignOut();
    // spec 2.5: the after-logout dialog tells the user they are signed out, with a way back in.
    await navigate({ to: afterLogoutPath(config), search: { dialog: 'after-logout' }, replace: true });
  };

  return useMutation({
    mutationFn: logout,
    onSuccess: ({ urls }) => finish(urls),
    onError: async (error) => {
      // The server has already ended this session (expired or revoked): finish locally.
      if (error instanceof ApiError && (error.status === 401 || error.status === 418)) return finish([]);
      notify({ type: 'error', title: t('logout.failed') });
    },
  });
}
