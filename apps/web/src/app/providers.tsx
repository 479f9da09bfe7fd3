import { createElement, useEffect, useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Direction } from 'radix-ui';
import { syncAccountSettings } from '@/lib/account-settings';
import { type ApiError, isNetworkError, onGlobalApiEvent } from '@/lib/api-client';
import { markOffline, showOfflinePage, whenVisible } from '@/lib/connectivity';
import { takeBoot } from '@/lib/boot-data';
import { DEFAULT_CONFIG, configQueryOptions, primeConfigFromCache, seedConfig } from '@/lib/config';
import { registerServiceWorker, usePwaUpdateToast } from '@/features/pwa';
import {
  afterLogoutPath,
  completesSsoSignIn,
  endSession,
  rememberSignOut,
  selfQueryKey,
  selfQueryOptions,
  startSessionLifecycle,
} from '@/lib/session';
import { startHomeLayout } from '@/features/tiles/api/get-layout';
import { whenIdle } from '@/lib/idle';
import { onToasterWanted } from '@/lib/notify';
import type AppToaster from './app-toaster';
import { loadPushWhenWanted } from './push-setup';
import { createAppRouter } from './router';

const queryClient = new QueryClient({
  defaultOptions: {
    // One quick retry for a dropped connection; HTTP errors are answers and are shown at once.
    queries: { retry: (failureCount, error) => failureCount < 1 && isNetworkError(error) },
  },
});

const router = createAppRouter(queryClient);

/** Work before the first render: the cached school config (a few milliseconds from IndexedDB). */
export async function prepareApp(): Promise<void> {
  registerServiceWorker();
  // The first answers are asked for now, beside the strings, not after the first render (decision 049):
  // the user info, the config when none is cached, and on the home page its layout.
  // The start page may carry them already (decision 051); what it does not carry is asked for.
  const self = takeBoot('self');
  if (completesSsoSignIn(window.location.pathname)) queryClient.setQueryData(selfQueryKey, null);
  else if (self) queryClient.setQueryData(selfQueryKey, self.value ?? null);
  else void queryClient.prefetchQuery(selfQueryOptions());
  if (window.location.pathname === '/') startHomeLayout();
  const config = takeBoot('config');
  if (config?.value) {
    seedConfig(queryClient, config.value);
    return;
  }
  await primeConfigFromCache(queryClient);
  void queryClient.prefetchQuery(configQueryOptions());
}

const currentConfig = () => queryClient.getQueryData(configQueryOptions().queryKey) ?? DEFAULT_CONFIG;

/**
 * spec 4.1: the real logout flow at the idle limit. Its code loads only then, off the first paint's path
 * (decision 069); when it cannot load, it is a logout the server cannot be told of: the session stays, as in
 * performLogout, and the server's own idle limit ends it.
 */
function logoutForIdle(): void {
  const config = currentConfig();
  import('@/features/auth/api/logout')
    .then(({ performLogout }) =>
      performLogout({ queryClient, config, navigate: (options) => router.navigate(options) }, 'idle'),
    )
    .catch(() => undefined);
}

/**
 * Issue 22: the live event stream follows the session (app/live-events.ts), and with it the title's chat
 * unread count and alert (app/layout/chat-unread-watcher.ts). Their code loads once the page is idle after the
 * first paint, like the toaster; offline then, it loads when the browser is online again.
 */
function useLiveEvents(): void {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let gone = false;
    const load = () =>
      void import('./live-events')
        .then(({ followSession, watchChatUnread }) => {
          if (gone) return;
          const stops = [followSession(queryClient), watchChatUnread(queryClient, router)];
          stop = () => stops.forEach((end) => end());
        })
        .catch(() => window.addEventListener('online', load, { once: true }));
    whenIdle(load);
    return () => {
      gone = true;
      stop?.();
    };
  }, []);
}

/** spec 4.2: push setup starts after sign-in (app/push-setup.ts). */
function usePushSetup(): void {
  useEffect(() => loadPushWhenWanted(queryClient, router), []);
}

/** spec 4.1: the refresh and idle timers. */
function useSessionTimers(): void {
  useEffect(() => startSessionLifecycle(queryClient, { onIdle: logoutForIdle }), []);
}

/**
 * spec 8: a 418, or the live stream's session.end (issue 22): the session was ended by the server. A tab that
 * was signed in shows the after-logout dialog with the reason; a late answer after a sign-out changes nothing.
 */
function forcedLogout(error: ApiError | undefined): void {
  const signedIn = queryClient.getQueryData(selfQueryKey) != null;
  endSession(queryClient);
  const to = afterLogoutPath(currentConfig());
  if (!signedIn) {
    if (router.latestLocation.pathname !== to) void router.navigate({ to, replace: true });
    return;
  }
  // the stream's reason (lib/events.ts), else a 418 answer: checked where it is shown (lib/session-end.ts)
  const reason = (error?.body as { reason?: unknown } | undefined)?.reason;
  rememberSignOut({
    idle: false,
    providerSignedIn: false,
    ended: typeof reason === 'string' ? reason : 'revoked',
  });
  void router.navigate({ to, search: { dialog: 'after-logout' }, replace: true });
}

/** spec 8: the global reactions to 401 (on login-required calls), 418, 502 and 503. */
function useGlobalApiEvents(): void {
  useEffect(
    () =>
      onGlobalApiEvent((event, error) => {
        const go = (to: '/' | '/login' | '/502') => {
          if (router.latestLocation.pathname !== to) void router.navigate({ to, replace: true });
        };
        switch (event) {
          case 'logged-out':
            endSession(queryClient);
            go(afterLogoutPath(currentConfig()));
            return;
          case 'forced-logout':
            forcedLogout(error);
            return;
          case 'session-ended':
            endSession(queryClient);
            go('/');
            return;
          case 'refresh-failed':
            endSession(queryClient);
            go('/login');
            return;
          case 'api-down':
            go('/502');
            return;
          case 'unavailable':
            markOffline('unavailable');
            whenVisible(() => showOfflinePage(router));
            return;
          case 'step-required':
            // the user info says which step: its dialog or the terms page opens (use-required-dialogs.ts)
            void queryClient.invalidateQueries({ queryKey: selfQueryKey });
            return;
        }
      }),
    [],
  );
}

/** spec 2.4 rule 1 runs again whenever the browser goes off- or online. */
function useConnectivityGuard(): void {
  useEffect(() => {
    // the offline page keeps the open dialogs (decision 057); the guard would drop them
    const recheck = () => whenVisible(() => showOfflinePage(router));
    window.addEventListener('offline', recheck);
    return () => window.removeEventListener('offline', recheck);
  }, []);
}

type ToasterComponent = typeof AppToaster;

/**
 * The toaster, loaded once the page is idle or at the first toast (lib/notify.ts). Loaded by hand rather
 * than with lazy() and Suspense: React delays revealing suspended content with a timer, which a page under
 * a paused clock (tests) would never run.
 */
function useToaster(): ToasterComponent | null {
  const [toaster, setToaster] = useState<{ Component: ToasterComponent } | null>(null);
  useEffect(() => {
    let started = false;
    const load = () => {
      if (started) return;
      started = true;
      import('./app-toaster')
        .then(({ default: Component }) => setToaster({ Component }))
        .catch(() => {
          // offline before it loaded: toasts wait for the next try
          started = false;
        });
    };
    whenIdle(load);
    return onToasterWanted(load);
  }, []);
  return toaster?.Component ?? null;
}

export function AppProviders() {
  const { i18n } = useTranslation();
  const dir = i18n.dir();
  useGlobalApiEvents();
  useSessionTimers();
  useLiveEvents();
  usePushSetup();
  useConnectivityGuard();
  usePwaUpdateToast();
  useEffect(() => syncAccountSettings(queryClient), []);
  const toaster = useToaster();
  return (
    <QueryClientProvider client={queryClient}>
      <Direction.Provider dir={dir}>
        <RouterProvider router={router} />
        {toaster && createElement(toaster, { dir })}
      </Direction.Provider>
    </QueryClientProvider>
  );
}
