import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Download } from 'lucide-react';
import { LoadingDialog } from '@/components/loading-dialog';
import { ErrorAlert } from '@/components/message-box';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFrame } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import type { DialogProps } from '@/lib/dialogs';
import { errorMessage } from '@/lib/error-message';
import { formatFileSize } from '@/lib/format';
import { isImage } from '../lib/conversation';
import { useDialogMessage } from '../hooks/use-dialog-message';

/** spec 2.5 `chat:preview-img`: a photo of the conversation large, with its name and a download link. */
export default function PreviewImgDialog(_props: DialogProps) {
  const { t } = useTranslation();
  const { message, error } = useDialogMessage();
  const [state, setState] = useState<'loading' | 'shown' | 'failed'>('loading');
  const file = message?.file;
  const closeButton = (
    <DialogClose asChild>
      <Button variant="outline">{t('common.close')}</Button>
    </DialogClose>
  );
  if (message === undefined) return <LoadingDialog title={t('dialogs.chatPreviewImg')} />;
  if (!file || !isImage(file.mime))
    return (
      <DialogFrame title={t('dialogs.chatPreviewImg')} footer={closeButton}>
        <ErrorAlert message={error ? errorMessage(t, error) : t('chat.messageMissing')} />
      </DialogFrame>
    );
  return (
    <DialogFrame
      title={file.name}
      description={t('chat.preview.from', {
        name: message.sender?.name ?? t('chat.message.formerMember'),
        size: formatFileSize(file.size),
      })}
      className="max-w-3xl"
      footer={
        <>
          <Button asChild variant="outline">
            <a href={file.url} download={file.name}>
              <Download aria-hidden="true" />
              {t('chat.preview.download')}
            </a>
          </Button>
          {closeButton}
        </>
      }
    >
      <div className="relative grid min-h-40 place-items-center overflow-hidden rounded-md bg-muted">
        {state === 'loading' && (
          <p role="status" className="absolute flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner className="size-4" />
            {t('common.loading')}
          </p>
        )}
        {state === 'failed' ? (
          <ErrorAlert className="m-4" message={t('chat.preview.failed')} />
        ) : (
          <img
            src={file.url}
            alt={file.name}
            width={file.width ?? undefined}
            height={file.height ?? undefined}
            className="h-auto max-h-[70dvh] w-auto max-w-full object-contain"
            onLoad={() => setState('shown')}
            onError={() => setState('failed')}
          />
        )}
      </div>
    </DialogFrame>
  );
}
