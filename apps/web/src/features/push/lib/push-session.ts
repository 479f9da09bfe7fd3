// Push after sign-in (spec 4.2, 8, 9; decision 073), loaded once the page is idle after the first paint and only
// while someone is signed in (app/providers.tsx): the silent renewal, the quiet offer, and the foreground toast.
import i18n from 'i18next';
import type { AnyRouter } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import {
  DIALOG_PARAM,
  PUSH_TOAST_MS,
  type PermsResponse,
  type PushPayload,
  type UserInfo,
} from '@aula/contracts';
import { deviceId } from '@/lib/device-id';
import { parseDialogs, serializeDialogs, withDialogOpen } from '@/lib/dialog-param';
import { navigateSearch } from '@/lib/dialogs';
import { errorMessage, errorTextLoaded } from '@/lib/error-message';
import { loadAllStrings } from '@/lib/i18n';
import { notify, withToast } from '@/lib/notify';
import { featureOn, permsQueryOptions } from '@/lib/perms';
import { selfQueryKey } from '@/lib/session';
import { pushConfigQueryOptions } from '../api/get-push-config';
import {
  OPEN_MESSAGE_TYPE,
  aulaPath,
  foregroundToast,
  pushFromMessage,
  suppressedHere,
  type PushAnswer,
} from './foreground';
import { OFFER_TOAST_ID, mayOffer, offerName, pauseOffer, turnedOffHere } from './offer-memo';
import { browserPushEnvironment, pushSupport } from './push-support';
import { renewSubscription, unsubscribeAtSignOut } from './subscription';

/** The signed-in user's run in this tab (followPush), while there is one. */
let current: { live: boolean } | undefined;

/**
 * From a sign-out here until the session has ended in this tab: no run starts meanwhile. On a busy page the
 * start plan's push step can come after the user pressed "Abmelden" but before the server's answer has ended
 * the session here; a run started then would renew the subscription the sign-out has just ended.
 */
let signingOut = false;

/**
 * Sign-out here (app/push-setup.ts registers it as soon as push is wanted, before this module has loaded):
 * the run's renewal stops where it is, and this browser unsubscribes after any subscription step in flight.
 * Nothing waits for it (decision 073).
 */
export async function signOutHere(): Promise<void> {
  signingOut = true;
  if (current) current.live = false;
  if (pushSupport(browserPushEnvironment()) !== 'supported') return;
  await unsubscribeAtSignOut();
}

/** The offer waits this long for a choice; unanswered, it comes again at the next sign-in. */
const OFFER_TOAST_MS = 20_000;

const openDialogs = (router: AnyRouter) => {
  const param = (router.state.location.search as Record<string, unknown>)[DIALOG_PARAM];
  return parseDialogs(typeof param === 'string' ? param : undefined);
};

/** Opens the request-push dialog over whatever page is showing (spec 2.5). */
function openRequestPush(router: AnyRouter): void {
  void navigateSearch(router, {
    search: (prev) => ({
      ...prev,
      [DIALOG_PARAM]: serializeDialogs(withDialogOpen(openDialogs(router), 'request-push')),
    }),
  });
}

/**
 * spec 9: a push for a focused tab, as a toast for PUSH_TOAST_MS with the way to its page. Returns the answer
 * for the service worker, or null when the tab shows nothing (the worker then shows a notification).
 */
function showForeground(payload: PushPayload, router: AnyRouter): PushAnswer | null {
  const pathname = router.state.location.pathname;
  if (suppressedHere(payload, pathname)) return 'suppressed';
  const toast = foregroundToast(payload, pathname);
  if (!toast) return null;
  withToast((show) =>
    show(toast.title, {
      // a second push of the same thing replaces the first, as the tag does on the device
      id: `push-${payload.tag || toast.url}`,
      description: toast.body,
      duration: PUSH_TOAST_MS,
      action: {
        label: i18n.t(toast.action === 'chat' ? 'push.toast.toChat' : 'push.toast.open'),
        onClick: () => router.history.push(toast.url),
      },
    }),
  );
  return 'shown';
}

/** The service worker's messages to this tab: a push to show as a toast, a clicked notification to open. */
function listenToWorker(router: AnyRouter): () => void {
  if (!('serviceWorker' in navigator)) return () => undefined;
  const onMessage = (event: MessageEvent) => {
    const payload = pushFromMessage(event.data);
    if (payload) {
      const answer = showForeground(payload, router);
      // without an answer within its wait the worker shows a notification (public/push-sw.js)
      if (answer) event.ports[0]?.postMessage(answer);
      return;
    }
    const data = event.data as { type?: unknown; url?: unknown } | null;
    const url = data?.type === OPEN_MESSAGE_TYPE ? aulaPath(data.url) : null;
    if (url === null) return;
    // the worker waits for this answer, else it reloads the tab at the address (public/push-sw.js)
    event.ports[0]?.postMessage('opened');
    router.history.push(url);
  };
  navigator.serviceWorker.addEventListener('message', onMessage);
  return () => navigator.serviceWorker.removeEventListener('message', onMessage);
}

/** The quiet offer: a toast, never a modal and never the browser's prompt (decision 073). */
async function offer(router: AnyRouter, self: UserInfo, isLive: () => boolean): Promise<void> {
  const who = await offerName(deviceId(), self.id);
  // the dialog already open (from the menu or a link) is the offer itself
  if (!isLive() || !mayOffer(localStorage, who, Date.now()) || openDialogs(router).includes('request-push'))
    return;
  withToast((toast) =>
    toast(i18n.t('push.offer.title'), {
      id: OFFER_TOAST_ID,
      description: i18n.t('push.offer.description'),
      duration: OFFER_TOAST_MS,
      action: {
        label: i18n.t('push.offer.accept'),
        onClick: () => {
          // the dialog takes over; its choice (or none) is the answer for this device
          pauseOffer(localStorage, who, Date.now());
          openRequestPush(router);
        },
      },
      cancel: {
        label: i18n.t('push.offer.notNow'),
        onClick: () => pauseOffer(localStorage, who, Date.now()),
      },
    }),
  );
}

/** spec 4.2 "push setup starts": the school's key, then a silent renewal or the quiet offer. */
async function setUp(queryClient: QueryClient, router: AnyRouter, self: UserInfo, isLive: () => boolean) {
  // i18n.t outside render cannot wait for strings that are not among the start-up ones
  await loadAllStrings().catch(() => undefined);
  let config;
  try {
    config = await queryClient.fetchQuery(pushConfigQueryOptions());
  } catch (error) {
    // spec 8: a push-config failure is logged and toasted
    console.error('Push configuration could not be loaded', error);
    await errorTextLoaded(error);
    if (isLive()) {
      notify({
        type: 'error',
        title: i18n.t('push.configFailed'),
        description: errorMessage(i18n.t, error),
      });
    }
    return;
  }
  if (!isLive() || !config.enabled || !config.vapidKey) return;
  const permission = Notification.permission;
  if (permission === 'granted') {
    // turned off here by the user, or the dialog is open and takes over (its button subscribes)
    if (turnedOffHere(localStorage, await offerName(deviceId(), self.id))) return;
    if (openDialogs(router).includes('request-push')) return;
    try {
      await renewSubscription(config.vapidKey, isLive);
    } catch (error) {
      // silent: the dialog shows this device as not subscribed and offers to try again
      console.warn('Push subscription could not be renewed', error);
    }
  } else if (permission === 'default') {
    await offer(router, self, isLive);
  }
}

/**
 * Follows the session (the user info and permissions in the query cache, never asked for here): while a user
 * is signed in, not impersonating, and the school has push on, the tab listens to the service worker and push
 * is set up once. Returns the stop function.
 */
export function followPush(queryClient: QueryClient, router: AnyRouter): () => void {
  let running: { selfId: number; live: boolean; stop: () => void } | undefined;
  const end = () => {
    if (!running) return;
    running.live = false;
    running.stop();
    if (current === running) current = undefined;
    running = undefined;
  };
  const sync = () => {
    const self = queryClient.getQueryData<UserInfo | null>(selfQueryKey) ?? null;
    const perms =
      self === null
        ? undefined
        : queryClient.getQueryData<PermsResponse>(permsQueryOptions(self.id).queryKey);
    // the session has ended here: whoever signs in next is followed again
    if (self === null) signingOut = false;
    const wanted =
      !signingOut &&
      self !== null &&
      self.impersonator === null &&
      featureOn(perms, 'push') &&
      pushSupport(browserPushEnvironment()) === 'supported'
        ? self
        : null;
    if (running?.selfId === wanted?.id) return;
    end();
    if (wanted === null) return;
    const stopListening = listenToWorker(router);
    const run = { selfId: wanted.id, live: true, stop: stopListening };
    running = run;
    current = run;
    void setUp(queryClient, router, wanted, () => run.live);
  };
  const permsKey = permsQueryOptions(undefined).queryKey[0];
  sync();
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    const key = event.query.queryKey[0];
    if (key === selfQueryKey[0] || key === permsKey) sync();
  });
  return () => {
    unsubscribe();
    end();
  };
}
