/**
 * What this browser can do about push (issue 23, decision 073). iPhones and iPads offer Web Push only to an
 * installed app (Safari 16.4+): there the answer is "install Aula first", not "unsupported".
 */
export type PushSupport = 'supported' | 'install-first' | 'unsupported';

export interface PushEnvironment {
  serviceWorker: boolean;
  pushManager: boolean;
  notification: boolean;
  /** an iPhone or iPad (iPadOS reports itself as a Mac with a touch screen) */
  ios: boolean;
  /** Aula runs as the installed app */
  standalone: boolean;
}

export function pushSupport(env: PushEnvironment): PushSupport {
  if (env.ios && !env.standalone) return 'install-first';
  return env.serviceWorker && env.pushManager && env.notification ? 'supported' : 'unsupported';
}

export function isIos(userAgent: string, maxTouchPoints: number): boolean {
  return /iPad|iPhone|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}

/** The environment of this page. */
export function browserPushEnvironment(): PushEnvironment {
  const standalone =
    (navigator as Navigator & { standalone?: boolean }).standalone === true ||
    (typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches);
  return {
    serviceWorker: 'serviceWorker' in navigator,
    pushManager: 'PushManager' in window,
    notification: 'Notification' in window,
    ios: isIos(navigator.userAgent, navigator.maxTouchPoints),
    standalone,
  };
}

/** The dialog's states, in the order a user meets them. */
export type PushDialogState =
  | 'off' // the school has push off (or no keys)
  | 'impersonating' // decision 073: a superadmin's browser must not get a pupil's pushes
  | 'install-first'
  | 'unsupported'
  | 'denied' // the browser blocks notifications for Aula: only the browser's settings can change it
  | 'ask' // nothing chosen yet, or allowed but this device has no subscription (yet)
  | 'subscribed';

export function pushDialogState({
  enabled,
  impersonating,
  support,
  permission,
  subscribed,
}: {
  enabled: boolean;
  impersonating: boolean;
  support: PushSupport;
  permission: NotificationPermission | undefined;
  /** this device has a subscription made with the school's current key */
  subscribed: boolean;
}): PushDialogState {
  if (!enabled) return 'off';
  if (impersonating) return 'impersonating';
  if (support !== 'supported') return support;
  if (permission === 'denied') return 'denied';
  return permission === 'granted' && subscribed ? 'subscribed' : 'ask';
}
