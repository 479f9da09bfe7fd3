import { useCallback, useSyncExternalStore } from 'react';
import { useDialogs } from '@/lib/dialogs';

/** What a confirmation dialog (spec 2.5: delete, delete-app and the editor's confirmations) asks. */
export interface ConfirmRequest {
  title: string;
  description: string;
  confirmLabel: string;
  /** destructive for deleting, default for publishing or leaving. */
  variant?: 'destructive' | 'default';
}

interface PendingConfirm extends ConfirmRequest {
  dialogId: string;
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

/** The open request of this dialog, or undefined (e.g. after a reload on a `?dialog=delete` address). */
export function usePendingConfirm(dialogId: string): PendingConfirm | undefined {
  return useSyncExternalStore(subscribe, () => (pending?.dialogId === dialogId ? pending : undefined));
}

/** Settles the open request (only `only`, when given); a dialog closed any other way counts as "no". */
export function settleConfirm(confirmed: boolean, only?: ConfirmRequest): void {
  const current = pending;
  if (only && current !== only) return;
  setPending(undefined);
  current?.resolve(confirmed);
}

/** Opens a confirmation dialog by its spec name and resolves with the user's answer. */
export function useConfirm(): (dialogId: string, request: ConfirmRequest) => Promise<boolean> {
  const { open } = useDialogs();
  return useCallback(
    (dialogId, request) => {
      settleConfirm(false);
      return new Promise<boolean>((resolve) => {
        setPending({ ...request, dialogId, resolve });
        void open(dialogId);
      });
    },
    [open],
  );
}

/** The generic `delete` confirmation. */
export function useConfirmDelete(): (request: ConfirmRequest) => Promise<boolean> {
  const confirm = useConfirm();
  return useCallback((request) => confirm('delete', { variant: 'destructive', ...request }), [confirm]);
}
