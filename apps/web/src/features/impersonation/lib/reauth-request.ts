import { useSyncExternalStore } from 'react';

/**
 * The step waiting for the reenter-password dialog (the impersonation to retry). The dialog opens
 * from the address, so the waiting promise lives here; a dialog closed without the password says no.
 */
let pending: ((confirmed: boolean) => void) | undefined;
const listeners = new Set<() => void>();

function notifyListeners(): void {
  for (const listener of listeners) listener();
}

export function waitForReauth(): Promise<boolean> {
  settleReauth(false);
  return new Promise((resolve) => {
    pending = resolve;
    notifyListeners();
  });
}

export function settleReauth(confirmed: boolean): void {
  const resolve = pending;
  pending = undefined;
  if (resolve) {
    notifyListeners();
    resolve(confirmed);
  }
}

export function useReauthPending(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => pending !== undefined,
  );
}
