import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogFrame, DialogReturnFocusContext, DialogShownContext } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { DIALOG_COMPONENTS } from './dialog-components';
import type { DialogId } from './registry';

function LoadingDialog() {
  const { t } = useTranslation();
  return (
    // still loading is not shown: the dialog above waits for the real one
    <DialogShownContext.Provider value={undefined}>
      <DialogFrame title={t('common.loading')}>
        <div className="flex justify-center py-6">
          <Spinner className="size-6" />
        </div>
      </DialogFrame>
    </DialogShownContext.Provider>
  );
}

/**
 * One open dialog, loaded on first open (dialog-components.ts); remembers the element that had focus when it
 * appeared, to return focus there.
 */
export default function DialogSlot({
  id,
  close,
  onShown,
}: {
  id: DialogId;
  close: () => void;
  onShown: () => void;
}) {
  const Component = DIALOG_COMPONENTS[id];
  const [opener] = useState(() => {
    const active = document.activeElement;
    return active instanceof HTMLElement && active !== document.body ? active : undefined;
  });
  return (
    <DialogReturnFocusContext.Provider value={opener}>
      <DialogShownContext.Provider value={onShown}>
        <Dialog open onOpenChange={(open) => !open && close()}>
          <Suspense fallback={<LoadingDialog />}>
            <Component id={id} close={close} />
          </Suspense>
        </Dialog>
      </DialogShownContext.Provider>
    </DialogReturnFocusContext.Provider>
  );
}
