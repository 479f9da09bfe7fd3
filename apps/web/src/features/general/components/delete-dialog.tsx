import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFrame } from '@/components/ui/dialog';
import { settleConfirm, usePendingConfirm } from '@/lib/confirm';
import type { DialogProps } from '@/lib/dialogs';

/**
 * The confirmation dialogs of spec 2.5 (`delete`, `delete-app`, `publish-confirmation`,
 * `exit-edit-mode-confirmation`): features ask through useConfirm(). Opened without a request
 * (a reloaded or shared address) it says there is nothing to confirm.
 */
export default function ConfirmDialog({ id, close }: DialogProps) {
  const { t } = useTranslation();
  const request = usePendingConfirm(id);
  const [answered, setAnswered] = useState(false);

  // Closing by Escape, the overlay or the close button counts as "no". Settled a tick after unmount,
  // so React's development double-mount (StrictMode) does not answer for the user.
  const mounted = useRef(false);
  const [asked] = useState(request);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      setTimeout(() => !mounted.current && asked && settleConfirm(false, asked), 0);
    };
  }, [asked]);

  if (!request && !answered) {
    return (
      <DialogFrame
        title={t('confirm.title')}
        description={t('confirm.nothingPending')}
        footer={
          <DialogClose asChild>
            <Button variant="outline">{t('common.close')}</Button>
          </DialogClose>
        }
      />
    );
  }

  const destructive = (request?.variant ?? 'destructive') === 'destructive';
  return (
    <DialogFrame
      title={request?.title ?? t('confirm.title')}
      description={request?.description}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="outline">{t('common.cancel')}</Button>
          </DialogClose>
          <Button
            variant={destructive ? 'destructive' : 'default'}
            onClick={() => {
              setAnswered(true);
              settleConfirm(true);
              close();
            }}
          >
            {destructive && <Trash2 aria-hidden="true" />}
            {request?.confirmLabel ?? t('common.delete')}
          </Button>
        </>
      }
    />
  );
}
