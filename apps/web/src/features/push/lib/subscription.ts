// This browser's push subscription (RFC 8030 through the Push API): made, renewed and ended here, and told to
// the server (spec 7.1). Nothing here asks for the notification permission: only the dialog's button does.
import type { PushSubscriptionJson } from '@aula/contracts';
import { ApiError } from '@/lib/api-client';
import { deletePushToken, deletePushTokenAtSignOut } from '../api/delete-push-token';
import { savePushToken } from '../api/save-push-token';
import { decodeBase64Url, sameKey } from './vapid-key';

/** Why subscribing failed, each with its own text in the `push` area of the locales. */
export type SubscribeFailure = 'no-worker' | 'denied' | 'push-service';

export class PushSubscribeError extends Error {
  constructor(readonly reason: SubscribeFailure) {
    super(`push subscription failed: ${reason}`);
  }
}

/** Aula's service worker registration, or null (development builds and blocked workers have none). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  // ready never settles without a registration: ask for one first
  const registered = await navigator.serviceWorker.getRegistration('/');
  return registered ? navigator.serviceWorker.ready : null;
}

export async function currentSubscription(): Promise<PushSubscription | null> {
  const reg = await registration();
  return reg ? reg.pushManager.getSubscription() : null;
}

/** Whether this device has a subscription made with the school's current key. */
export async function isSubscribed(vapidKey: string): Promise<boolean> {
  const subscription = await currentSubscription();
  return subscription !== null && sameKey(subscription.options.applicationServerKey, vapidKey);
}

/**
 * Subscribing, renewing and unsubscribing run one after another: an unsubscription at sign-out that starts
 * while a renewal is still subscribing would find nothing to end, and the renewal would then leave this browser
 * subscribed for nobody.
 */
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(step: () => Promise<T>): Promise<T> {
  const result = queue.then(step, step);
  queue = result.catch(() => undefined);
  return result;
}

function toJson(subscription: PushSubscription): PushSubscriptionJson {
  return subscription.toJSON() as PushSubscriptionJson;
}

/**
 * Subscribes with the school's key (a subscription made with another key, from before a key rotation, is
 * ended first: push services refuse it) and stores it on the server. Needs the permission already granted.
 */
export function subscribe(vapidKey: string): Promise<PushSubscription> {
  return oneAtATime(() => subscribeNow(vapidKey));
}

async function subscribeNow(vapidKey: string): Promise<PushSubscription> {
  const reg = await registration();
  if (!reg) throw new PushSubscribeError('no-worker');
  let subscription = await reg.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, vapidKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  if (!subscription) {
    try {
      subscription = await reg.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: decodeBase64Url(vapidKey),
      });
    } catch (error) {
      console.error('Push subscription failed', error);
      throw new PushSubscribeError(
        error instanceof DOMException && error.name === 'NotAllowedError' ? 'denied' : 'push-service',
      );
    }
  }
  await savePushToken(toJson(subscription));
  return subscription;
}

/**
 * spec 4.2: with the permission granted, the subscription is renewed silently after sign-in (made again when
 * the key changed) and stored for this session, unless the session has ended here meanwhile (`live`). Returns
 * whether this device is subscribed now.
 */
export function renewSubscription(vapidKey: string, live: () => boolean): Promise<boolean> {
  return oneAtATime(async () => {
    if (!live() || Notification.permission !== 'granted') return false;
    await subscribeNow(vapidKey);
    return true;
  });
}

/** "Turn off on this device": the server forgets it first, so a failure leaves everything as it was. */
export function unsubscribe(): Promise<void> {
  return oneAtATime(unsubscribeNow);
}

async function unsubscribeNow(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  try {
    await deletePushToken(subscription.endpoint);
  } catch (error) {
    // 404: the server no longer has it (its session ended), which is what was asked for
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
  await subscription.unsubscribe();
}

/**
 * Sign-out (spec 4.1, decision 073): this browser stops getting the user's pushes. Nothing waits for it: the
 * server ends the session's subscriptions itself.
 */
export function unsubscribeAtSignOut(): Promise<void> {
  return oneAtATime(async () => {
    const subscription = await currentSubscription();
    if (!subscription) return;
    await Promise.allSettled([deletePushTokenAtSignOut(subscription.endpoint), subscription.unsubscribe()]);
  });
}
