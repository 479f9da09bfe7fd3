import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { hasRole } from '@aula/contracts';
import { Dialog, DialogFrame } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useDialogs } from '@/lib/dialogs';
import { useSelf } from '@/lib/session';
import { DIALOGS, isDialogId } from './registry';

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

/**
 * Renders the dialogs named in the `dialog` parameter, in order (the last is on top).
 * Unknown names and dialogs the user's role may not open are left closed (a deep link from a
 * teacher does not show a student a teacher's dialog).
 */
export function DialogHost() {
  const { list, close } = useDialogs();
  const self = useSelf();
  const shown = list.filter((id) => isDialogId(id) && hasRole(self, DIALOGS[id].role));
  return shown.map((id) => {
    const { Component } = DIALOGS[id as keyof typeof DIALOGS];
    const closeThis = () => void close(id);
    return (
      <Dialog key={id} open onOpenChange={(open) => !open && closeThis()}>
        <Suspense fallback={<LoadingDialog />}>
          <Component id={id} close={closeThis} />
        </Suspense>
      </Dialog>
    );
  });
}
