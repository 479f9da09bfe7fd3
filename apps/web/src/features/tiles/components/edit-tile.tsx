import type { CSSProperties } from 'react';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, ArrowRight, Lock, Pencil, Plus, Users, X } from 'lucide-react';
import { tilePermissionIcon, tileTitle, type Tile } from '@aula/contracts';
import { Button } from '@/components/ui/button';
import { currentLocale } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { TileFace } from './tile-face';

/**
 * spec 3.1: the permission icon, with its meaning as text for screen readers. Only group and locked tiles
 * carry one (issue 19 item 3): an open padlock on every other tile said nothing a pupil could use.
 */
export function PermissionBadge({ tile }: { tile: Tile }) {
  const { t } = useTranslation();
  const kind = tilePermissionIcon(tile);
  if (kind === 'unlocked') return null;
  const Icon = kind === 'group' ? Users : Lock;
  return (
    <span
      className="absolute -top-1.5 -start-1.5 flex size-6 items-center justify-center rounded-full border bg-card text-card-foreground shadow-sm"
      title={t(`tiles.permission.${kind}`)}
    >
      <Icon className="size-3.5" aria-hidden="true" />
      <span className="sr-only">{t(`tiles.permission.${kind}`)}</span>
    </span>
  );
}

export interface TileActions {
  canEdit: boolean;
  pinned: boolean;
  onEdit: () => void;
  onRemove: () => void;
  onMove: (step: -1 | 1) => void;
  isFirst: boolean;
  isLast: boolean;
}

/** A tile on the layout in edit mode: the tile itself is the drag handle (mouse, touch, keyboard). */
export function SortableLayoutTile({ tile, actions }: { tile: Tile; actions: TileActions }) {
  const { t } = useTranslation();
  const title = tileTitle(tile, currentLocale());
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: tile.id, data: { title } });
  const style: CSSProperties = { transform: CSS.Translate.toString(transform), transition };
  return (
    <li
      ref={setNodeRef}
      style={style}
      className={cn('relative flex flex-col items-center gap-1', isDragging && 'z-10 opacity-60')}
    >
      <button
        ref={setActivatorNodeRef}
        type="button"
        {...attributes}
        {...listeners}
        aria-label={t('tiles.edit.move', { title })}
        className="relative flex w-full cursor-grab touch-none flex-col items-center gap-2 rounded-xl p-1.5 text-center outline-none focus-visible:ring-[3px] focus-visible:ring-ring active:cursor-grabbing desktop:p-2"
      >
        <span className="relative flex w-full justify-center">
          <TileFace tile={tile} />
        </span>
        <span dir="auto" className="line-clamp-2 text-xs font-medium break-words desktop:text-sm">
          {title}
        </span>
      </button>
      <PermissionBadge tile={tile} />
      {!actions.pinned && (
        // on the corner of the tile's face (a box of its size over it): a 28 px badge in a 44 px target
        <div className="pointer-events-none absolute inset-x-0 top-0 flex justify-center p-1.5 desktop:p-2">
          <div className="relative aspect-square w-full max-w-20 desktop:max-w-24">
            <button
              type="button"
              aria-label={t('tiles.edit.remove', { title })}
              title={t('tiles.edit.remove', { title })}
              onClick={actions.onRemove}
              className="group/remove pointer-events-auto absolute -end-4 -top-4 flex size-11 items-center justify-center rounded-full outline-none"
            >
              <span className="flex size-7 items-center justify-center rounded-full bg-destructive text-white shadow-md ring-2 ring-background group-hover/remove:bg-destructive/90 group-focus-visible/remove:ring-[3px] group-focus-visible/remove:ring-ring">
                <X className="size-4" strokeWidth={3} aria-hidden="true" />
              </span>
            </button>
          </div>
        </div>
      )}
      <div className="flex items-center gap-0.5">
        <Button
          variant="ghost"
          size="xs"
          className="size-7 p-0 mobile:hidden"
          disabled={actions.isFirst}
          aria-label={t('tiles.edit.moveEarlier', { title })}
          onClick={() => actions.onMove(-1)}
        >
          <ArrowLeft className="rtl:-scale-x-100" aria-hidden="true" />
        </Button>
        {actions.canEdit && (
          <Button
            variant="ghost"
            size="xs"
            className="size-7 p-0 pointer-coarse:size-11"
            aria-label={t('tiles.edit.editTile', { title })}
            onClick={actions.onEdit}
          >
            <Pencil aria-hidden="true" />
          </Button>
        )}
        <Button
          variant="ghost"
          size="xs"
          className="size-7 p-0 mobile:hidden"
          disabled={actions.isLast}
          aria-label={t('tiles.edit.moveLater', { title })}
          onClick={() => actions.onMove(1)}
        >
          <ArrowRight className="rtl:-scale-x-100" aria-hidden="true" />
        </Button>
      </div>
    </li>
  );
}

/** A tile of the unused list: draggable onto the layout, or added with its button. */
export function SortableUnusedTile({
  tile,
  canEdit,
  onAdd,
  onEdit,
  sortable = true,
}: {
  tile: Tile;
  canEdit: boolean;
  onAdd: () => void;
  onEdit: () => void;
  sortable?: boolean;
}) {
  const { t } = useTranslation();
  const title = tileTitle(tile, currentLocale());
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: tile.id, data: { title }, disabled: !sortable });
  const style: CSSProperties = { transform: CSS.Translate.toString(transform), transition };
  return (
    <li
      ref={setNodeRef}
      style={style}
      className={cn('flex items-center gap-2 rounded-lg border bg-card p-1.5', isDragging && 'opacity-60')}
    >
      <button
        ref={setActivatorNodeRef}
        type="button"
        {...(sortable ? { ...attributes, ...listeners } : {})}
        aria-label={sortable ? t('tiles.edit.move', { title }) : title}
        className="flex min-w-0 flex-1 cursor-grab touch-none items-center gap-2 rounded-md text-start coarse:min-h-11 outline-none focus-visible:ring-[3px] focus-visible:ring-ring"
      >
        <TileFace tile={tile} size="row" />
        <span dir="auto" className="truncate text-sm font-medium">
          {title}
        </span>
      </button>
      <span className="text-muted-foreground" title={t(`tiles.permission.${tilePermissionIcon(tile)}`)}>
        {tile.groups.length > 0 ? <Users className="size-4" aria-hidden="true" /> : null}
      </span>
      {canEdit && (
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          aria-label={t('tiles.edit.editTile', { title })}
          onClick={onEdit}
        >
          <Pencil aria-hidden="true" />
        </Button>
      )}
      <Button
        variant="outline"
        size="icon"
        className="size-8"
        aria-label={t('tiles.edit.add', { title })}
        onClick={onAdd}
      >
        <Plus aria-hidden="true" />
      </Button>
    </li>
  );
}
