import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Search, X } from 'lucide-react';
import type { Tile } from '@aula/contracts';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { currentLocale } from '@/lib/i18n';
import { APP_SEARCH_ID, SHORTCUTS } from '@/lib/shortcuts';
import { filterTiles } from '../lib/tile-search';
import { TileList } from './tile-list';

/**
 * The home page's app search (issue 19 item 14): a field above the tiles that filters them as you type, by
 * their titles in the user's language. `/` focuses it, Escape empties it. Loaded only for a home page with
 * many tiles (decision 058).
 */
export function SearchableTileList({ tiles, loggedIn }: { tiles: readonly Tile[]; loggedIn: boolean }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const shown = filterTiles(tiles, useDeferredValue(query), currentLocale());
  return (
    <div className="grid gap-4">
      <div role="search" className="relative desktop:max-w-sm">
        <Search
          className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          id={APP_SEARCH_ID}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && query) {
              event.preventDefault();
              setQuery('');
            }
          }}
          aria-label={t('home.search')}
          aria-keyshortcuts={SHORTCUTS.searchApps.keys}
          placeholder={t('home.search')}
          autoComplete="off"
          enterKeyHint="search"
          className="ps-9"
        />
      </div>
      {shown.length > 0 ? (
        <TileList tiles={shown} loggedIn={loggedIn} />
      ) : (
        <div className="grid justify-items-center gap-3 rounded-xl border border-dashed p-8 text-center">
          <p role="status" className="text-muted-foreground">
            {t('home.searchEmpty', { query: query.trim() })}
          </p>
          <Button variant="outline" onClick={() => setQuery('')}>
            <X aria-hidden="true" />
            {t('home.searchClear')}
          </Button>
        </div>
      )}
    </div>
  );
}
