import type { ReactNode } from 'react';
import type { Tile } from '@aula/contracts';
import { TileIcon } from '@/lib/icons';
import { cn } from '@/lib/utils';
import { iconColorValue, tileColorClass } from '../lib/tile-colors';

/** The coloured square of a tile with its icon or uploaded image; the home page and edit mode share it. */
export function TileFace({
  tile,
  size = 'grid',
  className,
  title,
  children,
}: {
  tile: Pick<Tile, 'color' | 'iconUrl' | 'iconName' | 'iconColor'>;
  size?: 'grid' | 'row';
  className?: string;
  title?: string;
  children?: ReactNode;
}) {
  return (
    <span
      title={title}
      className={cn(
        'relative flex shrink-0 items-center justify-center rounded-2xl shadow-sm ring-1 ring-black/5',
        size === 'grid' ? 'aspect-square w-full max-w-20 desktop:max-w-24' : 'size-10 rounded-xl',
        tileColorClass(tile.color),
        className,
      )}
    >
      {tile.iconUrl ? (
        <img src={tile.iconUrl} alt="" className="size-3/5 object-contain" />
      ) : (
        <TileIcon
          name={tile.iconName}
          className="size-1/2"
          style={{ color: iconColorValue(tile.iconColor) }}
          aria-hidden="true"
        />
      )}
      {children}
    </span>
  );
}
