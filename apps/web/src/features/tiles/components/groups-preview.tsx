import { useTranslation } from 'react-i18next';
import { Users } from 'lucide-react';
import { tileTitle, type Tile } from '@aula/contracts';
import { ErrorAlert } from '@/components/message-box';
import { Button } from '@/components/ui/button';
import { useDialogs } from '@/lib/dialogs';
import { errorMessage } from '@/lib/error-message';
import { currentLocale } from '@/lib/i18n';
import { gridClass } from './edit-board';
import { PermissionBadge } from './edit-tile';
import { TileFace } from './tile-face';

/** The groups tab: the logged-in layout as members of the chosen groups see it (read only). */
export function GroupsPreview({
  groups,
  tiles,
  loading,
  error,
}: {
  groups: number[];
  tiles: Tile[] | undefined;
  loading: boolean;
  error: unknown;
}) {
  const { t } = useTranslation();
  const { open } = useDialogs();
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <p className="me-auto text-sm text-muted-foreground">
          {groups.length === 0
            ? t('tiles.groups.chooseFirst')
            : t('tiles.groups.previewing', { count: groups.length })}
        </p>
        <Button variant="outline" size="sm" onClick={() => void open('group-selection')}>
          <Users aria-hidden="true" />
          {t('dialogs.groupSelection')}
        </Button>
      </div>
      {error ? (
        <ErrorAlert message={errorMessage(t, error)} />
      ) : loading && !tiles ? (
        <p role="status">{t('home.loading')}</p>
      ) : tiles && groups.length > 0 ? (
        tiles.length === 0 ? (
          <p className="rounded-xl border border-dashed p-8 text-center text-muted-foreground">
            {t('home.empty')}
          </p>
        ) : (
          <ul aria-label={t('tiles.groups.previewList')} className={gridClass}>
            {tiles.map((tile) => (
              <li key={tile.id} className="relative flex flex-col items-center gap-2 p-1.5 text-center">
                <TileFace tile={tile} />
                <PermissionBadge tile={tile} />
                <span dir="auto" className="line-clamp-2 text-xs font-medium break-words desktop:text-sm">
                  {tileTitle(tile, currentLocale())}
                </span>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}
