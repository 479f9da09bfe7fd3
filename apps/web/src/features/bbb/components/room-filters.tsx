import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoomType } from '@aula/contracts';
import { FilterPanel } from '@/components/folding-panel';
import { Button } from '@/components/ui/button';
import { NameSearchForm } from '@/components/name-search-form';
import { formatNumber } from '@/lib/format';
import {
  ROOM_LIST_TYPES,
  ROOMS_PER_PAGE,
  ROOMS_PER_PAGE_CHOICES,
  filterCount,
  hasFilters,
  type RoomSearch,
} from '../lib/room-search';

export interface RoomFiltersProps {
  search: RoomSearch;
  /** a change of filters; the page goes back to 1 */
  onChange: (next: Partial<RoomSearch>) => void;
  onReset: () => void;
  /** admins may list every room of the school (spec 3.6 showAll) */
  isAdmin: boolean;
}

/**
 * The room list's filters of spec 3.6 (decision 068): whose rooms (all, my own, shared with me), a name, every
 * room of the school for admins, and how many a page shows. Every change goes into the address at once; the
 * name on Enter or "Suchen". On a phone the panel is folded behind "Filter (n)", as on /app/sick.
 */
export function RoomFilters({ search, onChange, onReset, isAdmin }: RoomFiltersProps) {
  const { t } = useTranslation();
  const perPageId = useId();
  return (
    <FilterPanel
      label={t('bbb.chooser.filters')}
      countLabel={(n) => t('bbb.chooser.filtersCount', { n })}
      count={filterCount(search)}
    >
      {(panelId) => (
        <>
          <div className="grid gap-4 desktop:grid-cols-[1fr_auto] desktop:items-start">
            <fieldset className="grid gap-1">
              <legend className="mb-1 text-sm font-medium">{t('bbb.chooser.roomType.legend')}</legend>
              <div className="flex flex-wrap gap-x-4 gap-y-1">
                {ROOM_LIST_TYPES.map((v) => (
                  <label key={v} className="flex min-h-9 items-center gap-2 text-sm coarse:min-h-11">
                    <input
                      type="radio"
                      name={`${panelId}-type`}
                      value={v}
                      checked={(search.roomType ?? 'all') === v}
                      onChange={() =>
                        onChange({ roomType: v === 'all' ? undefined : (v as Exclude<RoomType, 'all'>) })
                      }
                      className="size-4 accent-primary"
                    />
                    {t(`bbb.chooser.roomType.${v}`)}
                  </label>
                ))}
              </div>
            </fieldset>
            <div className="grid gap-1">
              <label htmlFor={perPageId} className="text-sm font-medium">
                {t('bbb.chooser.perPage')}
              </label>
              <select
                id={perPageId}
                value={search.perPage ?? ROOMS_PER_PAGE}
                onChange={(event) => {
                  const n = Number(event.target.value);
                  onChange({ perPage: n === ROOMS_PER_PAGE ? undefined : n });
                }}
                className="h-10 rounded-md border border-input bg-card px-3 text-base text-card-foreground shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40 desktop:h-9 desktop:text-sm coarse:h-11"
              >
                {[...new Set([...ROOMS_PER_PAGE_CHOICES, search.perPage ?? ROOMS_PER_PAGE])]
                  .sort((a, b) => a - b)
                  .map((n) => (
                    <option key={n} value={n}>
                      {formatNumber(n)}
                    </option>
                  ))}
              </select>
            </div>
          </div>
          <NameSearchForm
            value={search.q}
            onSearch={(q) => onChange({ q })}
            label={t('bbb.chooser.q')}
            placeholder={t('bbb.chooser.qPlaceholder')}
            submitLabel={t('bbb.chooser.search')}
          />
          {isAdmin && (
            <label className="flex min-h-9 w-fit items-center gap-2 text-sm coarse:min-h-11">
              <input
                type="checkbox"
                checked={search.showAll === true}
                onChange={(event) => onChange({ showAll: event.target.checked ? true : undefined })}
                className="size-4 accent-primary"
              />
              {t('bbb.chooser.showAll')}
            </label>
          )}
          {hasFilters(search) && (
            <div>
              <Button type="button" variant="ghost" size="sm" onClick={onReset}>
                {t('bbb.chooser.reset')}
              </Button>
            </div>
          )}
        </>
      )}
    </FilterPanel>
  );
}
