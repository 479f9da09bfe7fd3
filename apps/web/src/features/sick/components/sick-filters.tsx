import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import { FilterPanel } from '@/components/folding-panel';
import { Button } from '@/components/ui/button';
import { NameSearchForm } from '@/components/name-search-form';
import { groupsQueryOptions } from '@/lib/groups';
import {
  SICK_STATES,
  SICK_WHO,
  filterCount,
  hasFilters,
  type SickSearch,
  type SickState,
  type SickWho,
} from '../lib/sick-search';

export interface SickFiltersProps {
  search: SickSearch;
  /** a change of filters; the page goes back to 1 */
  onChange: (next: Partial<SickSearch>) => void;
  onReset: () => void;
  /** admins choose among all groups, teachers among their own */
  allGroups: boolean;
  selfId: number;
  /** the names of chosen people, as far as the page knows them */
  personName: (id: number) => string;
}

function RadioRow<T extends string>({
  legend,
  name,
  values,
  value,
  label,
  onChange,
}: {
  legend: string;
  name: string;
  values: readonly T[];
  value: T;
  label: (value: T) => string;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="grid gap-1">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {values.map((v) => (
          <label key={v} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={name}
              value={v}
              checked={value === v}
              onChange={() => onChange(v)}
              className="size-4 accent-primary"
            />
            {label(v)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The filters of spec 3.6 for those who process notices (decision 066): state, pupils or teachers, groups,
 * a name and chosen people. Every change goes into the address at once; the name on Enter or "Suchen".
 * On a phone the panel is folded behind "Filter (n)".
 */
export function SickFilters({ search, onChange, onReset, allGroups, selfId, personName }: SickFiltersProps) {
  const { t } = useTranslation();
  const groups = useQuery(groupsQueryOptions(allGroups ? undefined : selfId));
  const selectedGroups = search.groups ?? [];
  return (
    <FilterPanel
      label={t('sickList.filters')}
      countLabel={(n) => t('sickList.filtersCount', { n })}
      count={filterCount(search)}
    >
      {(panelId) => (
        <>
          <div className="grid gap-4 desktop:grid-cols-2">
            <RadioRow<SickState>
              legend={t('sickList.state.legend')}
              name={`${panelId}-state`}
              values={SICK_STATES}
              value={search.state ?? 'unprocessed'}
              label={(v) => t(`sickList.state.${v}`)}
              onChange={(v) => onChange({ state: v === 'unprocessed' ? undefined : v })}
            />
            <RadioRow<SickWho>
              legend={t('sickList.who.legend')}
              name={`${panelId}-who`}
              values={SICK_WHO}
              value={search.who ?? 'all'}
              label={(v) => t(`sickList.who.${v}`)}
              onChange={(v) => onChange({ who: v === 'all' ? undefined : v })}
            />
          </div>
          <fieldset className="grid gap-1">
            <legend className="mb-1 text-sm font-medium">{t('sickList.groups')}</legend>
            {groups.data ? (
              <div className="flex flex-wrap gap-x-4 gap-y-1">
                {groups.data.map((g) => (
                  <label key={g.id} className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="size-4 accent-primary"
                      checked={selectedGroups.includes(g.id)}
                      onChange={(event) => {
                        const next = event.target.checked
                          ? [...selectedGroups, g.id]
                          : selectedGroups.filter((id) => id !== g.id);
                        onChange({ groups: next.length ? next.sort((a, b) => a - b) : undefined });
                      }}
                    />
                    <span dir="auto">{g.name}</span>
                  </label>
                ))}
              </div>
            ) : (
              <p role="status" className="text-sm text-muted-foreground">
                {groups.isError ? '' : t('sickList.groupsLoading')}
              </p>
            )}
          </fieldset>
          <NameSearchForm
            value={search.q}
            onSearch={(q) => onChange({ q })}
            label={t('sickList.q')}
            placeholder={t('sickList.qPlaceholder')}
            submitLabel={t('sickList.search')}
          />
          {search.users?.length ? (
            <div className="grid gap-1">
              <p className="text-sm font-medium">{t('sickList.people')}</p>
              <ul className="flex flex-wrap gap-2">
                {search.users.map((id) => {
                  const name = personName(id);
                  return (
                    <li
                      key={id}
                      className="flex items-center gap-1 rounded-full border bg-muted ps-3 text-sm"
                      dir="auto"
                    >
                      {name}
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon"
                        className="size-8 rounded-full"
                        aria-label={t('sickList.removePerson', { name })}
                        onClick={() => {
                          const next = search.users!.filter((u) => u !== id);
                          onChange({ users: next.length ? next : undefined });
                        }}
                      >
                        <X aria-hidden="true" />
                      </Button>
                    </li>
                  );
                })}
              </ul>
            </div>
          ) : null}
          {hasFilters(search) && (
            <div>
              <Button type="button" variant="ghost" size="sm" onClick={onReset}>
                {t('sickList.reset')}
              </Button>
            </div>
          )}
        </>
      )}
    </FilterPanel>
  );
}
