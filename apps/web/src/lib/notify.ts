import { toast } from 'sonner';
import { NOTIFY_TOAST_MS } from '@aula/contracts';

/** spec 4.6: the toast types. */
export type NotifyType = 'success' | 'error' | 'default';

export interface Notification {
  type?: NotifyType;
  title: string;
  description?: string;
}

/** spec 4.6, 9: the notification helper: a toast with a title and an optional description, shown 3 s. */
export function notify({ type = 'default', title, description }: Notification): void {
  const options = { description, duration: NOTIFY_TOAST_MS };
  if (type === 'default') toast(title, options);
  else toast[type](title, options);
}
