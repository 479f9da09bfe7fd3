import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckCircle2, Download } from 'lucide-react';
import { CIM_COLUMNS, CIM_MAX_BYTES, CIM_MAX_ROWS, type CimCounts, type CimPlan } from '@aula/contracts';
import { ErrorAlert, MessageBox } from '@/components/message-box';
import { Button } from '@/components/ui/button';
import { DialogFrame, Dialog, DialogReturnFocusContext } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/error-message';
import { formatFileSize } from '@/lib/format';
import { useImportCsv } from '../api/import-csv';
import { missingColumnsOf, rowErrorsOf, SAMPLE_CSV } from '../lib/row-errors';
import { PlanView, RowErrorsTable } from './plan-view';

const COLUMN_ORDER = ['externalId', 'lastName', 'firstName', 'classes', 'role', 'email'] as const;

function downloadSample() {
  const url = URL.createObjectURL(new Blob(['\uFEFF', SAMPLE_CSV], { type: 'text/csv' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = 'aula-import.csv';
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The identity import: pick a file, check it (dry run), then apply exactly that file. */
export function ImportSection() {
  const { t, i18n } = useTranslation();
  const upload = useImportCsv();
  const importErrorMessage = (error: unknown) => {
    const missing = missingColumnsOf(error);
    if (!missing) return errorMessage(t, error);
    const names = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
      missing.map((c) => t(`cim.columns.${c}`)),
    );
    return t('errors.cim.missing_columns', { missing: names });
  };
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState<{ file: File; plan: CimPlan } | null>(null);
  const [applied, setApplied] = useState<CimCounts | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [opener, setOpener] = useState<HTMLElement>();
  const rowErrors = rowErrorsOf(upload.error);
  const tooBig = file !== null && file.size > CIM_MAX_BYTES;
  const ready = checked !== null && checked.file === file && applied === null;

  const run = (dryRun: boolean) => {
    if (!file) return;
    setProgress(0);
    upload.mutate(
      { file, dryRun, onProgress: setProgress },
      {
        onSuccess: (result) => {
          if (result.dryRun) setChecked({ file, plan: result.plan });
          else setApplied(result.counts);
        },
        onError: () => {
          if (dryRun) setChecked(null);
        },
        onSettled: () => setProgress(null),
      },
    );
  };

  return (
    <section aria-labelledby="cim-import" className="grid gap-4 rounded-md border p-4">
      <h2 id="cim-import" className="text-lg font-semibold">
        {t('cim.import.title')}
      </h2>
      <p className="text-sm">{t('cim.import.intro', { max: CIM_MAX_ROWS })}</p>
      <details className="rounded-md border p-2 text-sm">
        <summary className="cursor-pointer font-medium">{t('cim.import.columnsTitle')}</summary>
        <dl className="mt-2 grid gap-2">
          {COLUMN_ORDER.map((c) => (
            <div key={c}>
              <dt className="font-medium">
                {t(`cim.columns.${c}`)}{' '}
                <span className="font-normal text-muted-foreground" dir="ltr">
                  ({CIM_COLUMNS[c].slice(0, 3).join(', ')})
                </span>
              </dt>
              <dd className="ps-4">{t(`cim.columnHelp.${c}`)}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-2">{t('cim.import.identity')}</p>
        <p className="mt-2">{t('cim.import.deactivation')}</p>
        <Button type="button" variant="outline" size="sm" className="mt-2" onClick={downloadSample}>
          <Download aria-hidden="true" />
          {t('cim.import.sample')}
        </Button>
      </details>

      <div className="grid gap-2">
        <Label htmlFor="cim-file">{t('cim.import.file')}</Label>
        <input
          id="cim-file"
          type="file"
          accept=".csv,text/csv,text/plain"
          aria-describedby="cim-file-hint"
          className="max-w-md text-sm file:me-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-1"
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setChecked(null);
            setApplied(null);
            upload.reset();
          }}
        />
        <p id="cim-file-hint" className="text-sm text-muted-foreground">
          {t('cim.import.fileHint', { size: formatFileSize(CIM_MAX_BYTES) })}
        </p>
      </div>

      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          disabled={!file || tooBig}
          loading={upload.isPending && upload.variables?.dryRun === true}
          onClick={() => run(true)}
        >
          {t('cim.import.check')}
        </Button>
        <Button
          type="button"
          variant="destructive"
          disabled={!ready}
          aria-describedby="cim-apply-hint"
          loading={upload.isPending && upload.variables?.dryRun === false}
          onClick={(e) => {
            setOpener(e.currentTarget);
            setConfirming(true);
          }}
        >
          {t('cim.import.apply')}
        </Button>
      </div>
      <p id="cim-apply-hint" className="text-sm text-muted-foreground">
        {t('cim.import.applyHint')}
      </p>

      {progress !== null && (
        <div className="grid gap-1" role="status">
          <label htmlFor="cim-progress" className="text-sm">
            {progress < 1 ? t('cim.import.uploading') : t('cim.import.processing')}
          </label>
          <progress id="cim-progress" className="w-full max-w-md" max={1} value={progress} />
        </div>
      )}

      <div aria-live="polite" className="grid gap-4">
        {tooBig && <ErrorAlert message={t('cim.import.tooBig', { size: formatFileSize(CIM_MAX_BYTES) })} />}
        {upload.isError && <ErrorAlert message={importErrorMessage(upload.error)} />}
        {rowErrors && <RowErrorsTable total={rowErrors.total} rows={rowErrors.rows} />}
        {applied && (
          <MessageBox tone="notice" icon={CheckCircle2}>
            <p className="font-medium">{t('cim.result.title')}</p>
            <p>
              {t('cim.result.summary', {
                created: applied.created,
                updated: applied.updated,
                deactivated: applied.deactivated,
                groups: applied.groupsCreated,
              })}
            </p>
          </MessageBox>
        )}
        {checked && checked.file === file && !applied && <PlanView plan={checked.plan} />}
      </div>

      <DialogReturnFocusContext.Provider value={opener}>
        <Dialog open={confirming} onOpenChange={setConfirming}>
          {confirming && checked && (
            <DialogFrame
              title={t('cim.confirm.title')}
              description={t('cim.confirm.description', {
                created: checked.plan.create.length,
                updated: checked.plan.update.length,
                deactivated: checked.plan.deactivate.length,
              })}
              footer={
                <>
                  <Button type="button" variant="outline" onClick={() => setConfirming(false)}>
                    {t('cim.confirm.cancel')}
                  </Button>
                  <Button
                    type="button"
                    variant="destructive"
                    onClick={() => {
                      setConfirming(false);
                      run(false);
                    }}
                  >
                    {t('cim.confirm.apply')}
                  </Button>
                </>
              }
            />
          )}
        </Dialog>
      </DialogReturnFocusContext.Provider>
    </section>
  );
}
