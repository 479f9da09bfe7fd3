import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDown } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFooter } from '@/components/ui/dialog';
import type { DialogProps } from '@/lib/dialogs';
import { errorMessage } from '@/lib/error-message';
import { formatNumber } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useDataExport, type ExportProgress } from '../api/download-data-export';
import { ErrorAlert } from '@/components/message-box';
import { AccountDialogFrame } from './account-dialog-frame';

const CONTENTS = ['account', 'groups', 'tiles', 'sessions', 'audit', 'impersonation'] as const;

function ProgressLine({ progress }: { progress: ExportProgress | null }) {
  const { t } = useTranslation();
  const kb = formatNumber(Math.ceil((progress?.received ?? 0) / 1024));
  const percent =
    progress?.total !== undefined
      ? Math.min(100, Math.round((progress.received / progress.total) * 100))
      : null;
  return (
    <div className="grid gap-2">
      <progress
        className="h-2 w-full accent-primary"
        aria-label={t('dataExport.progress')}
        {...(percent === null ? {} : { value: percent, max: 100 })}
      />
      <p className="text-sm text-muted-foreground">
        {percent === null ? t('dataExport.received', { kb }) : t('dataExport.percent', { percent })}
      </p>
    </div>
  );
}

/** spec 2.5 `data-export` (the data inquiry): everything stored about the user, as a JSON file. */
export default function DataExportDialog(_props: DialogProps) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const download = useDataExport(setProgress);
  const start = () => {
    setProgress(null);
    download.mutate(undefined, {
      onSuccess: ({ fileName }) =>
        notify({ type: 'success', title: t('dataExport.done'), description: fileName }),
    });
  };
  return (
    <AccountDialogFrame title={t('dialogs.dataExport')} description={t('dataExport.intro')}>
      <div className="grid gap-2 text-sm">
        <p className="font-medium">{t('dataExport.contentsTitle')}</p>
        <ul className="grid list-disc gap-1 ps-5">
          {CONTENTS.map((part) => (
            <li key={part}>{t(`dataExport.contents.${part}`)}</li>
          ))}
        </ul>
        <p className="text-muted-foreground">{t('dataExport.format')}</p>
      </div>
      {/* the live region says once that it started; the numbers below change too often to announce */}
      <div role="status">{download.isPending && <p className="sr-only">{t('dataExport.preparing')}</p>}</div>
      {download.isPending && <ProgressLine progress={progress} />}
      <ErrorAlert id="data-export-error" message={download.error && errorMessage(t, download.error)} />
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            {t('common.close')}
          </Button>
        </DialogClose>
        <Button type="button" loading={download.isPending} onClick={start}>
          {!download.isPending && <FileDown aria-hidden="true" />}
          {t(download.isPending ? 'dataExport.preparing' : 'dataExport.download')}
        </Button>
      </DialogFooter>
    </AccountDialogFrame>
  );
}
