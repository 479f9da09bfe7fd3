import { useCallback, useSyncExternalStore } from 'react';
import { useDialogs } from '@/lib/dialogs';

/** What the generic `delete` confirmation dialog (spec 2.5) asks; features fill it in. */
export interface ConfirmRequest {
  title: string;
  description: string;
  confirmLabel: string;
}

interface PendingConfirm extends ConfirmRequest {
  resolve: (confirmed: boolean) => void;
}

let pending: PendingConfirm | undefined;
const listeners = new Set<() => void>();

function setPending(next: PendingConfirm | undefined): void {
  pending = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The open request, or undefined (e.g. after a reload on a `?dialog=delete` address). */
export function usePendingConfirm(): PendingConfirm | undefined {
  return useSyncExternalStore(subscribe, () => pending);
}

/** Settles the open request (only `only`, when given); a dialog closed any other way counts as "no". */
export function settleConfirm(confirmed: boolean, only?: ConfirmRequest): void {
  const current = pending;
  if (only && current !== only) return;
  setPending(undefined);
  current?.resolve(confirmed);
}

/** Opens the generic delete confirmation and resolves with the user's answer. */
export function useConfirmDelete(): (request: ConfirmRequest) => Promise<boolean> {
  const { open } = useDialogs();
  return useCallback(
    (request) => {
      settleConfirm(false);
      return new Promise<boolean>((resolve) => {
        setPending({ ...request, resolve });
        void open('delete');
      });
    },
    [open],
  );
}
