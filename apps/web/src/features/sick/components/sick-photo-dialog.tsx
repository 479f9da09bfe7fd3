import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SickNotice } from '@aula/contracts';
import { DownloadLink, ImageViewer } from '@/components/image-viewer';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogReturnFocusContext,
  DialogTitle,
} from '@/components/ui/dialog';
import { sickNoticeQueryOptions, sickPhotoUrl } from '../api/sick-notice';

/** A file name for the download: "krankmeldung-12-2026-11-26.jpg". */
function downloadName(notice: SickNotice): string {
  return `krankmeldung-${notice.id}-${notice.begin}.jpg`;
}

/**
 * The photo of a notice in a modal (decision 066): the image with its alt text, a download link and close.
 * The notice is read again (GET /api/sick/{id}), starting from what the list showed.
 */
export function SickPhotoDialog({
  notice,
  opener,
  onClose,
}: {
  notice: SickNotice;
  /** the button that opened it: focus goes back there on close */
  opener: HTMLElement | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const one = useQuery({ ...sickNoticeQueryOptions(notice.id), placeholderData: notice });
  const current = one.data ?? notice;
  const name = current.user.name;
  const url = sickPhotoUrl(current.id);
  return (
    <DialogReturnFocusContext.Provider value={opener}>
      <Dialog open onOpenChange={(open) => !open && onClose()}>
        <DialogContent className="max-w-3xl">
          <DialogHeader>
            <DialogTitle>{t('sickList.photoTitle', { name })}</DialogTitle>
            <DialogDescription className="sr-only">{t('sickList.photoOf', { name })}</DialogDescription>
          </DialogHeader>
          <ImageViewer
            src={url}
            alt={t('sickList.photoOf', { name })}
            failedText={t('sickList.photoLoadFailed')}
          />
          <div className="flex flex-wrap justify-end gap-2">
            <DownloadLink href={url} name={downloadName(current)}>
              {t('sickList.download')}
            </DownloadLink>
            <Button onClick={onClose}>{t('common.close')}</Button>
          </div>
        </DialogContent>
      </Dialog>
    </DialogReturnFocusContext.Provider>
  );
}
