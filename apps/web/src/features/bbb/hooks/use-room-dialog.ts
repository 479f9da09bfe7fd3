import { useCallback } from 'react';
import { useRouter, useSearch } from '@tanstack/react-router';
import { DIALOG_PARAM } from '@aula/contracts';
import { parseDialogs, serializeDialogs, withDialogOpen } from '@/lib/dialog-param';
import { navigateSearch } from '@/lib/dialogs';
import { optionalInt, optionalString } from '@/lib/search-params';

export type RoomDialogId = 'bbb:room-details' | 'bbb:delete-room';

/**
 * Opens a bbb dialog about one room: `?dialog=bbb:room-details&room=7` (decision 068), so the dialog is an
 * address like every other (reload, Back, a shared link). `replace` swaps the open bbb dialog for another
 * without a new history entry (create-room's result shown as room-details).
 */
export function useOpenRoomDialog() {
  const router = useRouter();
  return useCallback(
    (dialog: RoomDialogId, room: number, { replace = false }: { replace?: boolean } = {}) =>
      navigateSearch(router, {
        search: (prev) => ({
          ...prev,
          room,
          [DIALOG_PARAM]: serializeDialogs(
            withDialogOpen(parseDialogs(optionalString(prev[DIALOG_PARAM])), dialog),
          ),
        }),
        replace,
        // a dialog that replaces one opened here takes over its history entry, so closing it goes back
        state: (prev) => ({
          ...prev,
          openedDialog: replace && prev.openedDialog === undefined ? undefined : dialog,
        }),
      }),
    [router],
  );
}

/** The room a bbb dialog is about, from the address's `room`. */
export function useDialogRoom(): number | undefined {
  return useSearch({
    strict: false,
    select: (search) => optionalInt((search as { room?: unknown }).room, { positive: true }),
  });
}
