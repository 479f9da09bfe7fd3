import { useTranslation } from 'react-i18next';
import { DownloadLink, ImageViewer } from '@/components/image-viewer';
import { LoadingDialog } from '@/components/loading-dialog';
import { ErrorAlert } from '@/components/message-box';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFrame } from '@/components/ui/dialog';
import type { DialogProps } from '@/lib/dialogs';
import { errorMessage } from '@/lib/error-message';
import { formatFileSize } from '@/lib/format';
import { isImage } from '../lib/conversation';
import { useDialogMessage } from '../hooks/use-dialog-message';

/** spec 2.5 `chat:preview-img`: a photo of the conversation large, with its name and a download link. */
export default function PreviewImgDialog(_props: DialogProps) {
  const { t } = useTranslation();
  const { message, error } = useDialogMessage();
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
          <DownloadLink href={file.url} name={file.name}>
            {t('chat.preview.download')}
          </DownloadLink>
          {closeButton}
        </>
      }
    >
      <ImageViewer
        src={file.url}
        alt={file.name}
        width={file.width ?? undefined}
        height={file.height ?? undefined}
        failedText={t('chat.preview.failed')}
      />
    </DialogFrame>
  );
}
