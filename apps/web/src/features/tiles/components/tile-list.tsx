import { useTranslation } from 'react-i18next';
import type { Tile } from '@aula/contracts';
import { usePerms } from '@/lib/perms';
import { useSelf } from '@/lib/session';
import { TileCard } from './tile';

export const gridClass =
  'grid grid-cols-3 gap-x-2 gap-y-4 desktop:grid-cols-[repeat(auto-fill,minmax(8.5rem,1fr))] desktop:gap-x-4 desktop:gap-y-6';

/** The home page's tiles as a list of links. */
export function TileList({ tiles, loggedIn }: { tiles: readonly Tile[]; loggedIn: boolean }) {
  const { t } = useTranslation();
  const hideTitle = useSelf()?.preferences.hideAppTitles ?? false;
  const { permissions, hasFeature } = usePerms();
  const chatOff = permissions !== undefined && !hasFeature('chat');
  return (
    <ul aria-label={t('home.apps')} className={gridClass}>
      {tiles.map((tile) => (
        <TileCard key={tile.id} tile={tile} loggedIn={loggedIn} hideTitle={hideTitle} chatOff={chatOff} />
      ))}
    </ul>
  );
}
