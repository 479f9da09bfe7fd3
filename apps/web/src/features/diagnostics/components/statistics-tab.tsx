import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STATISTICS_PERIODS, type Statistics } from '@aula/contracts';
import type { DashboardTabProps } from '@/lib/dashboard';
import { formatNumber } from '@/lib/format';
import { useStatistics } from '../api/get-statistics';
import { DailyChart } from './daily-chart';
import { QueryGate } from '@/components/query-gate';
import { TileChart } from './tile-chart';

/** spec 2.3 statistics tab: school-wide counts over 7, 30 or 90 days; nobody is named. */
/** The headline figures, in the order they are shown. */
function figuresOf(s: Statistics) {
  return [
    { key: 'signIns', value: s.totals.signIns },
    { key: 'active1', value: s.activeUsers.day1 },
    { key: 'active7', value: s.activeUsers.day7 },
    { key: 'active30', value: s.activeUsers.day30 },
    { key: 'devices', value: s.devices },
    { key: 'tileOpens', value: s.totals.tileOpens },
    { key: 'users', value: s.totals.users },
  ] as const;
}

export default function StatisticsTab(_props: DashboardTabProps) {
  const { t } = useTranslation();
  const [days, setDays] = useState<number>(30);
  const query = useStatistics(days);
  return (
    <div className="grid gap-6" aria-busy={query.isFetching || undefined}>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <label htmlFor="statistics-period" className="text-sm font-medium">
            {t('diagnostics.statistics.period')}
          </label>
          <select
            id="statistics-period"
            value={days}
            onChange={(e) => setDays(Number(e.target.value))}
            className="h-10 rounded-md border border-input bg-card px-3 text-card-foreground"
          >
            {STATISTICS_PERIODS.map((n) => (
              <option key={n} value={n}>
                {t('diagnostics.statistics.lastDays', { count: n, days: formatNumber(n) })}
              </option>
            ))}
          </select>
        </div>
      </div>
      <QueryGate query={query} loading={t('diagnostics.loading')}>
        {(s) => (
          <>
            <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              {figuresOf(s).map((f) => (
                <div key={f.key} className="rounded-md border bg-card p-4 text-card-foreground">
                  <dt className="text-sm text-muted-foreground">
                    {t(`diagnostics.statistics.figures.${f.key}`)}
                  </dt>
                  <dd className="text-2xl font-semibold">{formatNumber(f.value)}</dd>
                </div>
              ))}
            </dl>
            <DailyChart days={s.days} />
            <TileChart tiles={s.tileOpens} />
            <p className="text-sm text-muted-foreground">{t('diagnostics.statistics.privacy')}</p>
          </>
        )}
      </QueryGate>
    </div>
  );
}
