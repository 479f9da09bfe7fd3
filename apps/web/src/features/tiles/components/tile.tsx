import { useId, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { tileTitle, type Tile } from '@aula/contracts';
import { currentLocale } from '@/lib/i18n';
import { useSelf } from '@/lib/session';
import { cn } from '@/lib/utils';
import { TileFace } from './tile-face';
import { tileLink, type TileLink } from '../lib/tile-target';
import { markOpened } from '../api/mark-opened';

const linkClass =
  'group flex h-full flex-col items-center gap-2 rounded-xl p-1.5 text-center outline-none focus-visible:ring-[3px] focus-visible:ring-ring desktop:gap-3 desktop:p-2';

function TileAnchor({
  link,
  describedBy,
  onOpen,
  children,
}: {
  link: TileLink;
  describedBy: string | undefined;
  onOpen: () => void;
  children: ReactNode;
}) {
  switch (link.kind) {
    case 'route':
      return (
        <Link
          to={link.to}
          search={link.search}
          className={linkClass}
          aria-describedby={describedBy}
          onClick={onOpen}
        >
          {children}
        </Link>
      );
    case 'anchor':
      return (
        <a
          href={link.href}
          target={link.target}
          rel={link.rel}
          download={link.download}
          className={linkClass}
          aria-describedby={describedBy}
          onClick={onOpen}
        >
          {children}
        </a>
      );
    case 'none':
      return (
        <div className={cn(linkClass, 'opacity-60')} aria-describedby={describedBy}>
          {children}
        </div>
      );
  }
}

export function TileCard({ tile, loggedIn }: { tile: Tile; loggedIn: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // spec 3.1 new flag: opening a new tile clears it, for this user only
  const onOpen = () => {
    if (tile.new && loggedIn) markOpened(queryClient, tile.id);
  };
  const id = useId();
  const title = tileTitle(tile, currentLocale());
  // spec 3.6: hidden titles stay the link's accessible name, only the visible label goes.
  const hideTitle = useSelf()?.preferences.hideAppTitles ?? false;
  const link = tileLink(tile, title, { loggedIn });

  const hint =
    link.kind === 'none'
      ? t('home.unavailable')
      : link.kind === 'anchor' && link.download
        ? t('home.download')
        : link.kind === 'anchor' && link.target === '_blank'
          ? t('home.opensInNewTab')
          : undefined;
  // "New" and the hint describe the link rather than name it, so its accessible name is exactly the title.
  const describedBy = [tile.new ? `${id}-new` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');

  return (
    <li>
      <TileAnchor link={link} describedBy={describedBy || undefined} onOpen={onOpen}>
        <TileFace
          tile={tile}
          title={hideTitle ? title : undefined}
          className="transition-transform group-hover:scale-105 motion-reduce:transition-none"
        >
          {tile.new && (
            <span
              aria-hidden="true"
              className="absolute -end-2 -top-2 rounded-full bg-primary px-1.5 py-0.5 text-xs leading-none font-semibold text-primary-foreground shadow-sm ring-2 ring-background"
            >
              {t('home.new')}
            </span>
          )}
        </TileFace>
        <span
          dir="auto"
          className={cn(
            'line-clamp-2 text-xs font-medium break-words desktop:text-sm',
            hideTitle && 'sr-only',
          )}
        >
          {title}
        </span>
      </TileAnchor>
      {tile.new && (
        <span id={`${id}-new`} className="sr-only">
          {t('home.new')}
        </span>
      )}
      {hint && (
        <span id={`${id}-hint`} className="sr-only">
          {hint}
        </span>
      )}
    </li>
  );
}
