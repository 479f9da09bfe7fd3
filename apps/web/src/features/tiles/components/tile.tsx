import { memo, useId, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { tileTitle, type Tile } from '@aula/contracts';
import { useDialogs } from '@/lib/dialogs';
import { currentLocale } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { TileFace } from './tile-face';
import { tileBehaviour, type TileBehaviour } from '../lib/tile-behaviour';
import { tileLink, type TileLink } from '../lib/tile-target';
import { markOpened } from '../api/mark-opened';

const linkClass =
  'group flex h-full flex-col items-center gap-2 rounded-xl p-1.5 text-center outline-none focus-visible:ring-[3px] focus-visible:ring-ring desktop:gap-3 desktop:p-2';

// lucide's external-link, download and log-out, drawn here: three icon modules cost the start path more
const BADGE_PATHS: Record<TileBehaviour, string> = {
  newTab: 'M15 3h6v6M10 14 21 3M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6',
  download: 'M12 15V3M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4M7 10l5 5 5-5',
  leaves: 'M16 17l5-5-5-5M21 12H9M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4',
};

/** The corner badge that says what a tap does; the link's name says it in words. */
function BehaviourBadge({ behaviour }: { behaviour: TileBehaviour }) {
  return (
    <span
      aria-hidden="true"
      className="absolute -end-1.5 -bottom-1.5 flex size-6 items-center justify-center rounded-full bg-card text-card-foreground shadow-sm ring-2 ring-background"
    >
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        className={cn('size-3.5', behaviour === 'leaves' && 'rtl:-scale-x-100')}
      >
        <path d={BADGE_PATHS[behaviour]} />
      </svg>
    </span>
  );
}

function DialogButton({
  dialog,
  describedBy,
  onOpen,
  children,
}: {
  dialog: string;
  describedBy: string | undefined;
  onOpen: () => void;
  children: ReactNode;
}) {
  const { open } = useDialogs();
  return (
    <button
      type="button"
      className={cn(linkClass, 'w-full')}
      aria-describedby={describedBy}
      onClick={() => {
        onOpen();
        void open(dialog);
      }}
    >
      {children}
    </button>
  );
}

function TileAnchor({
  link,
  label,
  describedBy,
  onOpen,
  children,
}: {
  link: TileLink;
  label: string | undefined;
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
    case 'page':
      return (
        <Link to={link.to} className={linkClass} aria-describedby={describedBy} onClick={onOpen}>
          {children}
        </Link>
      );
    case 'dialog':
      return (
        <DialogButton dialog={link.dialog} describedBy={describedBy} onOpen={onOpen}>
          {children}
        </DialogButton>
      );
    case 'anchor':
      return (
        <a
          href={link.href}
          target={link.target}
          rel={link.rel}
          download={link.download}
          className={linkClass}
          aria-label={label}
          title={label}
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

export interface TileCardProps {
  tile: Tile;
  loggedIn: boolean;
  /** spec 3.6: hidden titles stay the link's accessible name, only the visible label goes */
  hideTitle: boolean;
  /** a chat tile opens nothing once GET /api/perms says the school has the Chat feature off */
  chatOff: boolean;
}

/**
 * One tile. What every tile shares (the user's preference, the school's features) comes from the list, and a
 * tile renders again only when its own props change: a home page of many tiles does not render them all
 * again for each answer that arrives while it starts (issue 34).
 */
export const TileCard = memo(function TileCard({ tile, loggedIn, hideTitle, chatOff }: TileCardProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const id = useId();
  const title = tileTitle(tile, currentLocale());
  const link = tileLink(tile, title, { loggedIn, chatOff });
  const behaviour = tileBehaviour(link);
  const onOpen = () => {
    // spec 3.1 new flag: opening a new tile clears it, for this user only
    if (tile.new && loggedIn) markOpened(queryClient, tile.id);
    if (behaviour === 'download' && link.kind === 'anchor') {
      const { href } = link;
      void import('../lib/download-toast').then((m) => m.announceDownload(href, title));
    }
  };

  // The badge's meaning is part of the name ("Elternbrief (lädt eine Datei herunter)"); "New" and an
  // unusable tile's hint only describe the link.
  const label = behaviour
    ? t('home.tileName', { title, behaviour: t(`home.behaviour.${behaviour}`) })
    : undefined;
  const hint = link.kind === 'none' ? t('home.unavailable') : undefined;
  const describedBy = [tile.new ? `${id}-new` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');

  return (
    <li>
      <TileAnchor link={link} label={label} describedBy={describedBy || undefined} onOpen={onOpen}>
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
          {behaviour && <BehaviourBadge behaviour={behaviour} />}
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
});
