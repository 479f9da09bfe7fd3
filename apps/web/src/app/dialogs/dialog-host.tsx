import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogFrame, DialogReturnFocusContext } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useDialogs } from '@/lib/dialogs';
import { useSelf } from '@/lib/session';
import { DIALOGS, isDialogId, mayOpenDialog } from './registry';

function LoadingDialog() {
  const { t } = useTranslation();
  return (
    <DialogFrame title={t('common.loading')}>
      <div className="flex justify-center py-6">
        <Spinner className="size-6" />
      </div>
    </DialogFrame>
  );
}

/** One open dialog; remembers the element that had focus when it appeared, to return focus there. */
function DialogSlot({ close, children }: { close: () => void; children: ReactNode }) {
  const [opener] = useState(() => {
    const active = document.activeElement;
    return active instanceof HTMLElement && active !== document.body ? active : undefined;
  });
  return (
    <DialogReturnFocusContext.Provider value={opener}>
      <Dialog open onOpenChange={(open) => !open && close()}>
        <Suspense fallback={<LoadingDialog />}>{children}</Suspense>
      </Dialog>
    </DialogReturnFocusContext.Provider>
  );
}

/**
 * Renders the dialogs named in the `dialog` parameter, in order (the last is on top).
 * Unknown names and dialogs the user's role may not open are left closed (a deep link from a
 * teacher does not show a student a teacher's dialog).
 */
export function DialogHost() {
  const { list, close } = useDialogs();
  const self = useSelf();
  const shown = list.filter((id) => isDialogId(id) && mayOpenDialog(self, id));
  return shown.map((id) => {
    const { Component } = DIALOGS[id as keyof typeof DIALOGS];
    const closeThis = () => void close(id);
    return (
      <DialogSlot key={id} close={closeThis}>
        <Component id={id} close={closeThis} />
      </DialogSlot>
    );
  });
}
