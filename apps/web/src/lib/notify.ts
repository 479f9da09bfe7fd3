import type { toast as sonnerToast } from 'sonner';
import { NOTIFY_TOAST_MS } from '@aula/contracts';

/** spec 4.6: the toast types. */
export type NotifyType = 'success' | 'error' | 'default';

export interface Notification {
  type?: NotifyType;
  title: string;
  description?: string;
}

export type Toast = typeof sonnerToast;

// The toaster (sonner) is not on the start path (decision 049): it mounts once the page is idle, or at the
// first toast, whichever comes first. A toast asked for before then shows as soon as it is on the page.
let toasterReady: (toast: Toast) => void = () => undefined;
const ready = new Promise<Toast>((resolve) => {
  toasterReady = resolve;
});
const wantedListeners = new Set<() => void>();
let wanted = false;

/** The toaster calls this once it is on the page. */
export function toasterMounted(toast: Toast): void {
  toasterReady(toast);
}

/** The app shell mounts the toaster when this fires (or when the page is idle). */
export function onToasterWanted(listener: () => void): () => void {
  if (wanted) listener();
  wantedListeners.add(listener);
  return () => wantedListeners.delete(listener);
}

/** Shows a toast through sonner, mounting the toaster first if it is not there yet. */
export function withToast(show: (toast: Toast) => void): void {
  wanted = true;
  // every time: a load that failed (offline) is tried again by the next toast
  for (const listener of wantedListeners) listener();
  void ready.then(show);
}

/** spec 4.6, 9: the notification helper: a toast with a title and an optional description, shown 3 s. */
export function notify({ type = 'default', title, description }: Notification): void {
  const options = { description, duration: NOTIFY_TOAST_MS };
  withToast((toast) => {
    if (type === 'default') toast(title, options);
    else toast[type](title, options);
  });
}
