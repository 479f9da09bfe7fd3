import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/message-box';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';
import { useSelf } from '@/lib/session';
import { layoutQueryOptions } from '../api/get-layout';
import { TileCard } from './tile';

const gridClass =
  'grid grid-cols-3 gap-x-2 gap-y-4 desktop:grid-cols-[repeat(auto-fill,minmax(8.5rem,1fr))] desktop:gap-x-4 desktop:gap-y-6';

export function TileGrid() {
  const { t } = useTranslation();
  const self = useSelf();
  const queryClient = useQueryClient();
  const layout = useQuery(layoutQueryOptions({ userId: self?.id ?? null }, queryClient));

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

  return (
    <ul aria-label={t('home.apps')} className={gridClass}>
      {tiles.map((tile) => (
        <TileCard key={tile.id} tile={tile} loggedIn={self !== null} />
      ))}
    </ul>
  );
}
