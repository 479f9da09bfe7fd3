import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { StatisticsDay } from '@aula/contracts';
import { DataTable } from '@/components/data-table';
import { formatDateTime, formatNumber } from '@/lib/format';
import { dayDate, niceMax, placeX } from '../lib/chart-scale';

const W = 640;
const H = 240;
const PAD = { start: 44, end: 12, top: 12, bottom: 28 };

const shortDay = (day: string) =>
  formatDateTime(dayDate(day), { day: 'numeric', month: 'short', timeZone: 'UTC' });

/**
 * Sign-ins (bars) and active users (line) per day, hand-drawn in SVG. Screen readers get a summary as
 * the image's label and the same numbers in a table; right-to-left languages read the days from the right.
 */
export function DailyChart({ days }: { days: StatisticsDay[] }) {
  const { t, i18n } = useTranslation();
  const rtl = i18n.dir() === 'rtl';
  const titleId = useId();
  const max = niceMax(Math.max(0, ...days.map((d) => Math.max(d.signIns, d.activeUsers))));
  const plotW = W - PAD.start - PAD.end;
  const plotH = H - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(1, days.length);
  const x = (i: number) => placeX(PAD.start + slot * (i + 0.5), W, rtl);
  const y = (v: number) => PAD.top + plotH - (v / max) * plotH;
  const totalSignIns = days.reduce((sum, d) => sum + d.signIns, 0);
  const mostActive = Math.max(0, ...days.map((d) => d.activeUsers));
  const labelDays = days.length > 1 ? [0, Math.floor((days.length - 1) / 2), days.length - 1] : [0];
  const barW = Math.max(1, slot * 0.6);

  return (
    <figure className="grid gap-2" aria-labelledby={titleId}>
      <h2 id={titleId} className="text-lg font-semibold">
        {t('diagnostics.statistics.dailyTitle')}
      </h2>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="h-auto w-full max-w-3xl"
        role="img"
        aria-label={t('diagnostics.statistics.dailySummary', {
          days: formatNumber(days.length),
          signIns: formatNumber(totalSignIns),
          active: formatNumber(mostActive),
        })}
        direction={rtl ? 'rtl' : 'ltr'}
      >
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line
              x1={placeX(PAD.start, W, rtl)}
              x2={placeX(W - PAD.end, W, rtl)}
              y1={y(max * f)}
              y2={y(max * f)}
              stroke="var(--border)"
            />
            <text
              x={placeX(PAD.start - 6, W, rtl)}
              y={y(max * f) + 4}
              textAnchor="end"
              fontSize="11"
              fill="var(--muted-foreground)"
            >
              {formatNumber(max * f)}
            </text>
          </g>
        ))}
        {days.map((d, i) => (
          <rect
            key={d.day}
            x={x(i) - barW / 2}
            y={y(d.signIns)}
            width={barW}
            height={Math.max(0, y(0) - y(d.signIns))}
            fill="var(--primary)"
            opacity={0.75}
          />
        ))}
        <polyline
          points={days.map((d, i) => `${x(i)},${y(d.activeUsers)}`).join(' ')}
          fill="none"
          stroke="var(--foreground)"
          strokeWidth={2}
          strokeLinejoin="round"
        />
        {days.length <= 31 &&
          days.map((d, i) => (
            <circle key={d.day} cx={x(i)} cy={y(d.activeUsers)} r={2.5} fill="var(--foreground)" />
          ))}
        {labelDays.map((i) => (
          <text key={i} x={x(i)} y={H - 8} textAnchor="middle" fontSize="11" fill="var(--muted-foreground)">
            {shortDay(days[i]?.day ?? '')}
          </text>
        ))}
      </svg>
      <figcaption className="flex flex-wrap gap-4 text-sm">
        <span className="flex items-center gap-2">
          <span aria-hidden="true" className="inline-block size-3 rounded-sm bg-primary opacity-75" />
          {t('diagnostics.statistics.signIns')}
        </span>
        <span className="flex items-center gap-2">
          <span aria-hidden="true" className="inline-block h-0.5 w-4 bg-foreground" />
          {t('diagnostics.statistics.activeUsers')}
        </span>
      </figcaption>
      <details>
        <summary className="cursor-pointer text-sm">{t('diagnostics.statistics.showTable')}</summary>
        <DataTable
          caption={t('diagnostics.statistics.dailyTitle')}
          rows={days}
          rowKey={(d) => d.day}
          dense
          scrolls={false}
          className="mt-2 max-w-md"
          columns={[
            {
              heading: t('diagnostics.statistics.day'),
              rowHeader: true,
              cell: (d) => formatDateTime(dayDate(d.day), { dateStyle: 'medium', timeZone: 'UTC' }),
            },
            {
              heading: t('diagnostics.statistics.signIns'),
              align: 'end',
              cell: (d) => formatNumber(d.signIns),
            },
            {
              heading: t('diagnostics.statistics.activeUsers'),
              align: 'end',
              cell: (d) => formatNumber(d.activeUsers),
            },
          ]}
        />
      </details>
    </figure>
  );
}
