import { useId, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CircleCheck, CircleOff, Copy, RefreshCw } from 'lucide-react';
import type { PushStatusResponse } from '@aula/contracts';
import { ErrorAlert, NoticeStatus } from '@/components/message-box';
import { Button } from '@/components/ui/button';
import { formatDateTime, formatNumber } from '@/lib/format';
import { failureKind, shortKey } from '../lib/push-status';

/** The figures of the queue and the last 24 hours, one term and its number each. */
function Figures({ status }: { status: PushStatusResponse }) {
  const { t } = useTranslation();
  const rows = [
    ['devices', status.devices],
    ['queued', status.queued],
    ['held', status.held],
    ['sent24h', status.sent24h],
    ['failed24h', status.failed24h],
  ] as const;
  return (
    <dl className="grid max-w-xl divide-y rounded-md border text-sm">
      {rows.map(([key, value]) => (
        <div key={key} className="flex items-baseline justify-between gap-4 px-3 py-2">
          <dt className="text-muted-foreground">{t(`pushAdmin.figures.${key}`)}</dt>
          <dd className="font-semibold tabular-nums">{formatNumber(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The newest delivery failure: when, the push service's answer, and what that answer means. */
function LastFailure({ failure }: { failure: PushStatusResponse['lastFailure'] }) {
  const { t } = useTranslation();
  if (!failure) return <p className="text-sm">{t('pushAdmin.failure.none')}</p>;
  const kind = failureKind(failure.status);
  return (
    <div className="grid gap-1 text-sm">
      <p>
        <time dateTime={failure.at}>{formatDateTime(new Date(failure.at))}</time>
        {kind !== 'noAnswer' && (
          <>
            {' · '}
            {t('pushAdmin.failure.status', { status: failure.status })}
          </>
        )}
      </p>
      <p className="font-medium">{t(`pushAdmin.failure.${kind}.title`)}</p>
      <p className="text-muted-foreground">{t(`pushAdmin.failure.${kind}.text`)}</p>
    </div>
  );
}

/** The public key, shortened, with a copy button; the whole key appears when the clipboard refuses. */
function PublicKey({ status }: { status: PushStatusResponse }) {
  const { t } = useTranslation();
  const id = useId();
  const [copied, setCopied] = useState<'ok' | 'failed' | null>(null);
  const key = status.vapidKey;
  if (!key) return <p className="text-sm">{t('pushAdmin.keys.none')}</p>;
  const copy = () => {
    // the clipboard exists only in secure contexts; without it the whole key is shown to select
    const clipboard = navigator.clipboard as Clipboard | undefined;
    if (!clipboard) return setCopied('failed');
    clipboard.writeText(key).then(
      () => setCopied('ok'),
      () => setCopied('failed'),
    );
  };
  return (
    <div className="grid gap-2">
      <p id={`${id}-label`} className="text-sm font-medium">
        {t('pushAdmin.keys.publicKey')}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <code
          aria-labelledby={`${id}-label`}
          dir="ltr"
          translate="no"
          title={key}
          className="min-w-0 rounded-md border bg-muted px-3 py-2 font-mono text-sm break-all"
        >
          {shortKey(key)}
        </code>
        <Button type="button" variant="outline" size="sm" onClick={copy}>
          <Copy aria-hidden="true" />
          {t('pushAdmin.keys.copy')}
        </Button>
      </div>
      {status.keysCreatedAt && (
        <p className="text-sm text-muted-foreground">
          {t('pushAdmin.keys.createdAt', { time: formatDateTime(new Date(status.keysCreatedAt)) })}
        </p>
      )}
      <p className="text-sm text-muted-foreground">{t('pushAdmin.keys.private')}</p>
      <NoticeStatus message={copied === 'ok' ? t('pushAdmin.keys.copied') : null} />
      <ErrorAlert message={copied === 'failed' ? t('pushAdmin.keys.copyFailed') : null}>
        {copied === 'failed' && (
          <code dir="ltr" translate="no" className="font-mono text-xs break-all select-all">
            {key}
          </code>
        )}
      </ErrorAlert>
    </div>
  );
}

/**
 * Issue 23 item 1: whether push is on (the school switches it in the settings' features), the key devices
 * subscribe with, and how delivery went: devices, queue, the last 24 hours and the newest failure.
 */
export function PushStatusPanel({
  status,
  refreshing,
  onRefresh,
}: {
  status: PushStatusResponse;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const StatusIcon = status.enabled ? CircleCheck : CircleOff;
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-4 rounded-md border p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {t('pushAdmin.status.title')}
        </h2>
        <Button type="button" variant="outline" size="sm" loading={refreshing} onClick={onRefresh}>
          {!refreshing && <RefreshCw aria-hidden="true" />}
          {t('pushAdmin.status.refresh')}
        </Button>
      </div>
      <div className="grid gap-1">
        <p className="flex items-start gap-2 font-medium">
          <StatusIcon
            className={status.enabled ? 'mt-0.5 size-5 shrink-0 text-primary' : 'mt-0.5 size-5 shrink-0'}
            aria-hidden="true"
          />
          {status.enabled ? t('pushAdmin.status.on') : t('pushAdmin.status.off')}
        </p>
        <p className="ps-7 text-sm text-muted-foreground">
          {status.enabled ? t('pushAdmin.status.onHint') : t('pushAdmin.status.offHint')}{' '}
          <Link
            to="/dashboard/$tab/{-$subpage}"
            params={{ tab: 'settings' }}
            className="font-medium text-primary underline underline-offset-4 coarse:inline-flex coarse:min-h-11 coarse:items-center"
          >
            {t('pushAdmin.status.settingsLink')}
          </Link>
        </p>
      </div>
      <PublicKey status={status} />
      <div className="grid gap-2">
        <h3 className="font-semibold">{t('pushAdmin.figures.title')}</h3>
        <Figures status={status} />
      </div>
      <div className="grid gap-2">
        <h3 className="font-semibold">{t('pushAdmin.failure.title')}</h3>
        <LastFailure failure={status.lastFailure} />
      </div>
    </section>
  );
}
