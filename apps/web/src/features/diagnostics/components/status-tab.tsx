import type { ReactNode } from 'react';
import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { INTEGRATIONS } from '@aula/contracts';
import { Button } from '@/components/ui/button';
import type { DashboardTabProps } from '@/lib/dashboard';
import { formatDateTime, formatNumber } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useServerStatus } from '../api/get-status';
import { QueryGate } from '@/components/query-gate';

/** Seconds as "2 d 3 h 4 min" in the interface language. */
function useUptime() {
  const { t } = useTranslation();
  return (seconds: number) => {
    const days = Math.floor(seconds / 86_400);
    const hours = Math.floor((seconds % 86_400) / 3600);
    const minutes = Math.floor((seconds % 3600) / 60);
    return t('diagnostics.status.uptimeValue', {
      days: formatNumber(days),
      hours: formatNumber(hours),
      minutes: formatNumber(minutes),
    });
  };
}

function Card({ title, ok, children }: { title: string; ok?: boolean; children: ReactNode }) {
  return (
    <li className="grid gap-1 rounded-md border bg-card p-4 text-card-foreground">
      <h2 className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
        {ok !== undefined && (
          <span
            aria-hidden="true"
            className={cn('size-2.5 rounded-full', ok ? 'bg-primary' : 'bg-destructive')}
          />
        )}
        {title}
      </h2>
      <div className="text-lg font-semibold">{children}</div>
    </li>
  );
}

/** spec 2.3 status tab: is the portal up, how fast is the database, which version, and what is set up. */
export default function StatusTab(_props: DashboardTabProps) {
  const { t } = useTranslation();
  const query = useServerStatus();
  const uptime = useUptime();
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          loading={query.isFetching}
          onClick={() => void query.refetch()}
        >
          {!query.isFetching && <RefreshCw aria-hidden="true" />}
          {t('diagnostics.refresh')}
        </Button>
      </div>
      <QueryGate query={query} loading={t('diagnostics.loading')}>
        {(s) => (
          <>
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              <Card title={t('diagnostics.status.api')} ok>
                {t('diagnostics.status.up')}
              </Card>
              <Card title={t('diagnostics.status.db')} ok={s.db === 'up'}>
                {s.db === 'up'
                  ? t('diagnostics.status.latency', {
                      ms: formatNumber(s.dbLatencyMs ?? 0, { maximumFractionDigits: 1 }),
                    })
                  : t('diagnostics.status.down')}
              </Card>
              <Card title={t('diagnostics.status.version')}>
                <span dir="ltr">{s.version}</span>
              </Card>
              <Card title={t('diagnostics.status.uptime')}>
                {uptime(s.uptimeSeconds)}
                <span className="block text-sm font-normal text-muted-foreground">
                  {t('diagnostics.status.startedAt', { time: formatDateTime(new Date(s.startedAt)) })}
                </span>
              </Card>
              <Card title={t('diagnostics.status.mail')}>{t(`diagnostics.status.mailMode.${s.mail}`)}</Card>
            </ul>
            <section aria-labelledby="status-integrations" className="grid gap-2">
              <h2 id="status-integrations" className="text-lg font-semibold">
                {t('diagnostics.status.integrations')}
              </h2>
              <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {INTEGRATIONS.map((name) => (
                  <Card key={name} title={t(`diagnostics.status.integration.${name}`)}>
                    {t(`diagnostics.status.${s.integrations[name]}`)}
                  </Card>
                ))}
              </ul>
            </section>
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {t('diagnostics.status.updated', {
                time: formatDateTime(query.dataUpdatedAt, { timeStyle: 'medium' }),
              })}
            </p>
          </>
        )}
      </QueryGate>
    </div>
  );
}
