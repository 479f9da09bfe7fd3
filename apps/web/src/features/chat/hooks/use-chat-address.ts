import { useCallback } from 'react';
import { useRouter, useSearch } from '@tanstack/react-router';
import { DIALOG_PARAM } from '@aula/contracts';
import { parseDialogs, serializeDialogs, withDialogOpen } from '@/lib/dialog-param';
import { navigateSearch } from '@/lib/dialogs';
import { optionalString } from '@/lib/search-params';
import { validateChatSearch, type ChatAddress } from '../lib/chat-search-params';

export type ChatDialogId =
  | 'chat:edit-msg'
  | 'chat:history-msg'
  | 'chat:preview-img'
  | 'chat:upload'
  | 'chat:user-search'
  | 'chat:create-room'
  | 'chat:edit-room';

/** The open room and the message a chat dialog is about, from the address. */
export function useChatAddress(): ChatAddress {
  return useSearch({
    strict: false,
    select: (search) => validateChatSearch(search as Record<string, unknown>),
  });
}

/**
 * Opens a chat dialog as an address: `?room=7&msg=42&dialog=chat:edit-msg`, so reload and Back work as for
 * every other dialog (spec 2.5). The room stays the open one; `msg` names the message, if the dialog needs one.
 */
export function useOpenChatDialog() {
  const router = useRouter();
  return useCallback(
    (dialog: ChatDialogId, { msg }: { msg?: number } = {}) =>
      navigateSearch(router, {
        search: (prev) => ({
          ...prev,
          msg,
          [DIALOG_PARAM]: serializeDialogs(
            withDialogOpen(parseDialogs(optionalString(prev[DIALOG_PARAM])), dialog),
          ),
        }),
        state: (prev) => ({ ...prev, openedDialog: dialog }),
      }),
    [router],
  );
}
