import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_CHAT_REPORT_REASON } from '@aula/contracts';
import { ErrorAlert } from '@/components/message-box';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogFrame, DialogReturnFocusContext } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/error-message';
import { notify } from '@/lib/notify';
import { useReportMessage } from '../api/report';

/**
 * Reporting a message to the room's teacher (decision 072), with an optional reason. A small step of the
 * conversation, not one of spec 2.5's dialogs, so it is not in the address.
 */
export function ReportDialog({
  roomId,
  messageId,
  senderName,
  opener,
  onClose,
}: {
  roomId: number;
  messageId: number;
  senderName: string;
  opener: HTMLElement | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [reason, setReason] = useState('');
  const report = useReportMessage();
  const tooLong = reason.trim().length > MAX_CHAT_REPORT_REASON;
  return (
    <DialogReturnFocusContext.Provider value={opener}>
      <Dialog open onOpenChange={(open) => !open && onClose()}>
        <DialogFrame
          title={t('chat.report.title')}
          description={t('chat.report.body', { name: senderName })}
          footer={
            <>
              <DialogClose asChild>
                <Button variant="outline">{t('common.cancel')}</Button>
              </DialogClose>
              <Button form={`${id}-form`} type="submit" loading={report.isPending}>
                {t('chat.report.send')}
              </Button>
            </>
          }
        >
          <form
            id={`${id}-form`}
            className="grid gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              if (tooLong) return;
              report.mutate(
                { roomId, messageId, reason: reason.trim() },
                {
                  onSuccess: () => {
                    notify({ type: 'success', title: t('chat.report.done') });
                    onClose();
                  },
                },
              );
            }}
          >
            <Label htmlFor={id}>{t('chat.report.reason')}</Label>
            <textarea
              id={id}
              value={reason}
              rows={3}
              aria-invalid={tooLong || undefined}
              aria-describedby={`${id}-error`}
              onChange={(event) => setReason(event.target.value)}
              className="min-h-20 rounded-md border border-input bg-background px-3 py-2 text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring"
            />
            <ErrorAlert
              id={`${id}-error`}
              message={
                tooLong
                  ? t('chat.report.tooLong', { max: MAX_CHAT_REPORT_REASON })
                  : report.isError
                    ? errorMessage(t, report.error)
                    : null
              }
            />
          </form>
        </DialogFrame>
      </Dialog>
    </DialogReturnFocusContext.Provider>
  );
}
