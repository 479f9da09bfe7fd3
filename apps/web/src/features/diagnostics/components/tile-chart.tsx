import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TileOpens } from '@aula/contracts';
import { DataTable } from '@/components/data-table';
import { formatNumber } from '@/lib/format';
import { niceMax, placeX } from '../lib/chart-scale';

const W = 640;
const ROW = 26;
const LABEL_W = 180;
const VALUE_W = 56;
const MAX_LABEL = 26;

const shorten = (title: string) => (title.length > MAX_LABEL ? `${title.slice(0, MAX_LABEL - 1)}…` : title);

/**
 * Tile opens per tile as horizontal bars, hand-drawn in SVG, most opened first. Bars grow from the
 * reading start, so right-to-left languages see them from the right; the same numbers are in a table.
 */
export function TileChart({ tiles }: { tiles: TileOpens[] }) {
  const { t, i18n } = useTranslation();
  const rtl = i18n.dir() === 'rtl';
  const titleId = useId();
  const max = niceMax(Math.max(0, ...tiles.map((tile) => tile.count)));
  const barSpace = W - LABEL_W - VALUE_W;
  const H = Math.max(1, tiles.length) * ROW + 8;
  const top = tiles[0];

  return (
    <figure className="grid gap-2" aria-labelledby={titleId}>
      <h2 id={titleId} className="text-lg font-semibold">
        {t('diagnostics.statistics.tilesTitle')}
      </h2>
      {tiles.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('diagnostics.statistics.noTileOpens')}</p>
      ) : (
        <>
          <svg
            viewBox={`0 0 ${W} ${H}`}
            className="h-auto w-full max-w-3xl"
            role="img"
            aria-label={t('diagnostics.statistics.tilesSummary', {
              tiles: formatNumber(tiles.length),
              top: top?.title ?? '',
              opens: formatNumber(top?.count ?? 0),
            })}
            direction={rtl ? 'rtl' : 'ltr'}
          >
            {tiles.map((tile, i) => {
              const y = i * ROW + 4;
              const length = (tile.count / max) * barSpace;
              const start = placeX(LABEL_W, W, rtl);
              return (
                <g key={tile.appId}>
                  <text
                    x={placeX(LABEL_W - 8, W, rtl)}
                    y={y + ROW / 2 + 4}
                    textAnchor="end"
                    fontSize="12"
                    fill="var(--foreground)"
                  >
                    <title>{tile.title}</title>
                    {shorten(tile.title)}
                  </text>
                  <rect
                    x={rtl ? start - length : start}
                    y={y + 4}
                    width={length}
                    height={ROW - 8}
                    rx={3}
                    fill="var(--primary)"
                  />
                  <text
                    x={placeX(LABEL_W + length + 6, W, rtl)}
                    y={y + ROW / 2 + 4}
                    textAnchor="start"
                    fontSize="12"
                    fill="var(--muted-foreground)"
                  >
                    {formatNumber(tile.count)}
                  </text>
                </g>
              );
            })}
          </svg>
          <details>
            <summary className="cursor-pointer text-sm">{t('diagnostics.statistics.showTable')}</summary>
            <DataTable
              caption={t('diagnostics.statistics.tilesTitle')}
              rows={tiles}
              rowKey={(tile) => tile.appId}
              dense
              scrolls={false}
              className="mt-2 max-w-md"
              columns={[
                { heading: t('diagnostics.statistics.tile'), rowHeader: true, cell: (tile) => tile.title },
                {
                  heading: t('diagnostics.statistics.opens'),
                  align: 'end',
                  cell: (tile) => formatNumber(tile.count),
                },
              ]}
            />
          </details>
        </>
      )}
    </figure>
  );
}
