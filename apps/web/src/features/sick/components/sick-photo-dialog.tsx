import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Download } from 'lucide-react';
import type { SickNotice } from '@aula/contracts';
import { ErrorAlert } from '@/components/message-box';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogReturnFocusContext,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
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
  const [state, setState] = useState<'loading' | 'shown' | 'failed'>('loading');
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
          <div className="relative grid min-h-40 place-items-center overflow-hidden rounded-md bg-muted">
            {state === 'loading' && (
              <p role="status" className="absolute flex items-center gap-2 text-sm text-muted-foreground">
                <Spinner className="size-4" />
                {t('common.loading')}
              </p>
            )}
            {state === 'failed' ? (
              <ErrorAlert className="m-4" message={t('sickList.photoLoadFailed')} />
            ) : (
              <img
                src={url}
                alt={t('sickList.photoOf', { name })}
                className="max-h-[70dvh] w-auto max-w-full object-contain"
                onLoad={() => setState('shown')}
                onError={() => setState('failed')}
              />
            )}
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <Button asChild variant="outline">
              <a href={url} download={downloadName(current)}>
                <Download aria-hidden="true" />
                {t('sickList.download')}
              </a>
            </Button>
            <Button onClick={onClose}>{t('common.close')}</Button>
          </div>
        </DialogContent>
      </Dialog>
    </DialogReturnFocusContext.Provider>
  );
}
