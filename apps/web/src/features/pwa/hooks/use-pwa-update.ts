import { useSyncExternalStore } from 'react';
import { applyUpdate, isUpdateWaiting, subscribeUpdate } from '../register-sw';

/** Whether a new app version waits, and the function that switches to it (with a reload). */
export function usePwaUpdate() {
  const updateAvailable = useSyncExternalStore(subscribeUpdate, isUpdateWaiting, () => false);
  return { updateAvailable, applyUpdate };
}
