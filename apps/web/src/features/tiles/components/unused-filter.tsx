import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';
import { blockEnter } from '../lib/block-enter';
import { setUnusedFilter, useUnusedFilter } from '../lib/edit-store';

/** spec 5: the unused list's case-insensitive title filter and the show-all switch. */
export function UnusedFilterControls() {
  const { t } = useTranslation();
  const id = useId();
  const filter = useUnusedFilter();
  return (
    <div className="grid gap-2">
      <Input
        type="search"
        value={filter.query}
        onChange={(event) => setUnusedFilter({ query: event.target.value })}
        onKeyDown={blockEnter}
        aria-label={t('tiles.edit.filterLabel')}
        placeholder={t('tiles.edit.filterLabel')}
      />
      <label htmlFor={`${id}-all`} className="flex items-center gap-2 text-sm">
        <input
          id={`${id}-all`}
          type="checkbox"
          className="size-4 accent-primary"
          checked={filter.showAll}
          onChange={(event) => setUnusedFilter({ showAll: event.target.checked })}
        />
        {t('tiles.edit.showAll')}
      </label>
    </div>
  );
}
