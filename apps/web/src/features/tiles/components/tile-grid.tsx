import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/message-box';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';
import { useSelf } from '@/lib/session';
import { layoutQueryOptions } from '../api/get-layout';
import { SearchableTileList } from './searchable-tile-list';
import { gridClass, TileList } from './tile-list';

/** From this many tiles on, the home page offers its app search (decision 058). */
export const APP_SEARCH_MIN_TILES = 7;

export function TileGrid() {
  const { t } = useTranslation();
  const self = useSelf();
  const queryClient = useQueryClient();
  const layout = useQuery(layoutQueryOptions({ userId: self?.id ?? null }, queryClient));
  const many = (layout.data?.layout.length ?? 0) >= APP_SEARCH_MIN_TILES;

  if (layout.isPending) {
    return (
      <div role="status" aria-busy="true" aria-live="polite">
        <span className="sr-only">{t('home.loading')}</span>
        <div className={gridClass} aria-hidden="true">
          {Array.from({ length: 8 }, (_, index) => (
            <div key={index} className="flex flex-col items-center gap-2 p-1.5 desktop:gap-3 desktop:p-2">
              <div className="aspect-square w-full max-w-20 animate-pulse rounded-2xl bg-muted desktop:max-w-24" />
              <div className="h-3 w-2/3 animate-pulse rounded bg-muted" />
            </div>
          ))}
        </div>
      </div>
    );
  }

  if (layout.isError) {
    return (
      <ErrorAlert title={t('home.error')} message={errorMessage(t, layout.error)}>
        <Button variant="outline" loading={layout.isFetching} onClick={() => void layout.refetch()}>
          {t('common.retry')}
        </Button>
      </ErrorAlert>
    );
  }

  const tiles = layout.data.layout;
  if (tiles.length === 0) {
    return (
      <p className="rounded-xl border border-dashed p-8 text-center text-muted-foreground">
        {t('home.empty')}
      </p>
    );
  }

  // the search comes with the tiles (issue 34): its field is the page's largest text, and a field that
  // arrived later would render every tile again
  return many ? (
    <SearchableTileList tiles={tiles} loggedIn={self !== null} />
  ) : (
    <TileList tiles={tiles} loggedIn={self !== null} />
  );
}
