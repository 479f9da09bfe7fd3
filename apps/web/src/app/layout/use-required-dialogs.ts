import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { DIALOG_PARAM } from '@aula/contracts';
import { useRequiredDialog } from '@/features/account/lib/required-dialog';
import { serializeDialogs, withDialogOpen } from '@/lib/dialog-param';
import { navigateSearch, useDialogs } from '@/lib/dialogs';

/**
 * force_password_change and force_2fa_teachers (spec 3.5, 4.2): the dialog opens by itself, on top of
 * anything else, and comes back if the address loses it (Back, an edited URL). It replaces the
 * history entry, so Back does not bounce between the page and the dialog.
 */
export function useRequiredDialogs(): void {
  const required = useRequiredDialog();
  const { list } = useDialogs();
  const router = useRouter();
  const missing = required !== null && !list.includes(required);
  const queryClient = useQueryClient();
  const wasRequired = useRef(required);
  useEffect(() => {
    // the server refused the page's calls while the step was pending: ask again once it is done
    if (wasRequired.current !== null && required === null) void queryClient.invalidateQueries();
    wasRequired.current = required;
  }, [required, queryClient]);
  useEffect(() => {
    if (!missing || required === null) return;
    void navigateSearch(router, {
      search: (prev) => ({ ...prev, [DIALOG_PARAM]: serializeDialogs(withDialogOpen(list, required)) }),
      replace: true,
    });
  }, [missing, required, list, router]);
}
