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
import { bannerQueryOptions } from '@/features/branding/api/banner';
import { unseenMessagesQueryOptions } from '@/features/messages/api/unseen-messages';
import { startHomeLayout } from '@/features/tiles/api/get-layout';
import { permsQueryOptions } from '@/lib/perms';
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
  const signingIn = completesSsoSignIn(window.location.pathname);
  if (signingIn) queryClient.setQueryData(selfQueryKey, null);
  else if (self) queryClient.setQueryData(selfQueryKey, self.value ?? null);
  else void queryClient.prefetchQuery(selfQueryOptions());
  // whose the carried answers are: known when the user info came with them (issue 34: in the cache before
  // the first render, so the first screen renders once with them and asks for none of them again)
  const userId = signingIn || !self ? undefined : (self.value?.id ?? null);
  const perms = takeBoot('perms');
  if (perms && typeof userId === 'number')
    queryClient.setQueryData(permsQueryOptions(userId).queryKey, perms.value);
  const messages = takeBoot('adminMessages');
  if (messages && typeof userId === 'number')
    queryClient.setQueryData(unseenMessagesQueryOptions().queryKey, messages.value);
  const banner = takeBoot('banner');
  if (banner) queryClient.setQueryData(bannerQueryOptions().queryKey, banner.value);
  if (window.location.pathname === '/') startHomeLayout(queryClient, userId);
  const config = takeBoot('config');
  if (config?.value) {
    seedConfig(queryClient, config.value);
    return;
  }
  await primeConfigFromCache(queryClient);
  void queryClient.prefetchQuery(configQueryOptions());
}

/** The most the first render waits for the first route, should resolving it need React (below). */
const FIRST_ROUTE_WAIT_MS = 300;

/**
 * Runs the first page's guard and matches (router.load) before React renders, when the page's code is on the
 * start path (the home and login pages): the first render is then the whole first screen. A lazy page's
 * route finishes loading only once the router's provider is mounted, so there React renders at once, as
 * before; a guard that sends an eager page on to a lazy one is waited for FIRST_ROUTE_WAIT_MS at most.
 */
export async function resolveFirstRoute(): Promise<void> {
  const routes: Record<string, { options: { component?: object } } | undefined> = router.routesById;
  const lazy = router
    .matchRoutes(router.latestLocation)
    .some((match) => 'preload' in (routes[match.routeId]?.options.component ?? {}));
  if (lazy) return;
  await Promise.race([
    router.load().catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, FIRST_ROUTE_WAIT_MS)),
  ]);
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
    const load = (): Promise<void> =>
      import('./live-events')
        .then(({ followSession, watchChatUnread }) => {
          if (gone) return;
          const stops = [followSession(queryClient), watchChatUnread(queryClient, router)];
          stop = () => stops.forEach((end) => end());
        })
        .catch(() => window.addEventListener('online', () => void load(), { once: true }));
    void whenIdle('live-events', load);
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
    const load = async (): Promise<void> => {
      if (started) return;
      started = true;
      await import('./app-toaster')
        .then(({ default: Component }) => setToaster({ Component }))
        .catch(() => {
          // offline before it loaded: toasts wait for the next try
          started = false;
        });
    };
    void whenIdle('toaster', load);
    return onToasterWanted(() => void load());
  }, []);
  return toaster?.Component ?? null;
}

/** The toaster in a component of its own: its arrival renders it alone, not the app beside it. */
function ToasterSlot({ dir }: { dir: 'ltr' | 'rtl' }) {
  const toaster = useToaster();
  return toaster && createElement(toaster, { dir });
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
  return (
    <QueryClientProvider client={queryClient}>
      <Direction.Provider dir={dir}>
        <RouterProvider router={router} />
        <ToasterSlot dir={dir} />
      </Direction.Provider>
    </QueryClientProvider>
  );
}
