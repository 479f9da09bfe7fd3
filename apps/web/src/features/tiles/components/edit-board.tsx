import { useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  closestCenter,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  rectSortingStrategy,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { SlidersHorizontal } from 'lucide-react';
import { tileTitle, filterUnused, mayEditTile, type Tile } from '@aula/contracts';
import { Button } from '@/components/ui/button';
import { useDialogs } from '@/lib/dialogs';
import { currentLocale } from '@/lib/i18n';
import type { useSelf } from '@/lib/session';
import { cn } from '@/lib/utils';
import { dragCancel, dragEnd, dragOver, dragPosition, dropPosition, type Container } from '../lib/drag-lists';
import {
  addToLayout,
  getEditState,
  moveInLayout,
  removeFromLayout,
  setEditLists,
  useUnusedFilter,
  type EditState,
} from '../lib/edit-store';
import { SortableLayoutTile, SortableUnusedTile } from './edit-tile';
import { TileFace } from './tile-face';
import { UnusedFilterControls } from './unused-filter';

export const gridClass =
  'grid min-h-32 grid-cols-3 gap-x-2 gap-y-4 rounded-xl desktop:grid-cols-[repeat(auto-fill,minmax(8.5rem,1fr))] desktop:gap-x-4 desktop:gap-y-6';

function DropArea({
  id,
  className,
  children,
  label,
}: {
  id: Container;
  className?: string;
  children: ReactNode;
  label: string;
}) {
  const { setNodeRef, isOver } = useDroppable({ id });
  return (
    <ul ref={setNodeRef} aria-label={label} className={cn(className, isOver && 'ring-2 ring-primary/40')}>
      {children}
    </ul>
  );
}

/** The two lists of the edit page, their drag and drop and what a screen reader hears of it. */
export function Board({
  state,
  self,
  onEdit,
}: {
  state: EditState;
  self: ReturnType<typeof useSelf>;
  onEdit: (id: number) => void;
}) {
  const { t } = useTranslation();
  const { open } = useDialogs();
  const filter = useUnusedFilter();
  const [activeId, setActiveId] = useState<number | null>(null);
  const snapshot = useRef<Pick<EditState, 'layout' | 'unused'> | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const locale = currentLocale();
  const tile = (id: number) => state.tiles.get(id)!;
  const titleOf = (id: UniqueIdentifier) => {
    const b = state.tiles.get(id as number);
    return b ? tileTitle(b, locale) : '';
  };
  const unusedShown = useMemo(
    () =>
      filterUnused(state.unused.map(tile), {
        ...filter,
        laraId: self?.lara_id ?? '',
        groupIds: self?.groups.map((g) => g.id) ?? [],
        locale,
      }).map((b) => b.id),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [state.unused, state.tiles, filter, self, locale],
  );
  const canEdit = (b: Tile) => mayEditTile(b, self);

  const say = (where: ReturnType<typeof dragPosition>) =>
    where.in === 'unused'
      ? t('tiles.dnd.inUnused')
      : t('tiles.dnd.position', { position: where.position, total: where.total });
  // where the tile is (pick-up, drop) and where it would land (each move), read after the move was applied
  const positionText = (id: UniqueIdentifier): string => {
    const current = getEditState();
    return current ? say(dragPosition(current, id)) : '';
  };
  const landingText = (active: UniqueIdentifier, over: UniqueIdentifier): string => {
    const current = getEditState();
    return current ? say(dropPosition(current, active, over)) : '';
  };
  const moved = useRef(false);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      moved.current = false;
      return t('tiles.dnd.pickedUp', { title: titleOf(active.id), where: positionText(active.id) });
    },
    onDragOver: ({ active, over }) => {
      // over itself right after pick-up: keep the pick-up announcement; back over itself later: say so
      if (over?.id === active.id && !moved.current) return undefined;
      moved.current = true;
      return over
        ? t('tiles.dnd.movedTo', { title: titleOf(active.id), where: landingText(active.id, over.id) })
        : t('tiles.dnd.outside', { title: titleOf(active.id) });
    },
    // said once the drop has been applied: where the tile now is (the tile it was over has moved aside)
    onDragEnd: ({ active, over }) =>
      over
        ? t('tiles.dnd.dropped', { title: titleOf(active.id), where: positionText(active.id) })
        : t('tiles.dnd.cancelled', { title: titleOf(active.id) }),
    onDragCancel: ({ active }) => t('tiles.dnd.cancelled', { title: titleOf(active.id) }),
  };

  const onDragStart = ({ active }: DragStartEvent) => {
    snapshot.current = { layout: state.layout, unused: state.unused };
    setActiveId(active.id as number);
  };
  const onDragOver = ({ active, over }: DragOverEvent) => {
    if (over) setEditLists((s) => dragOver(s, active.id, over.id));
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setActiveId(null);
    snapshot.current = null;
    if (!over || active.id === over.id) return;
    setEditLists((s) => dragEnd(s, active.id, over.id));
  };
  const onDragCancel = () => {
    const atStart = snapshot.current;
    if (atStart) setEditLists((s) => dragCancel(s, atStart));
    snapshot.current = null;
    setActiveId(null);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragStart={onDragStart}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={onDragCancel}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('tiles.dnd.instructions') } }}
    >
      <div className="grid gap-6 desktop:grid-cols-[1fr_18rem] desktop:items-start">
        <section aria-labelledby="edit-layout-heading" className="grid gap-2">
          <h2 id="edit-layout-heading" className="text-base font-semibold">
            {t('tiles.edit.layoutHeading', { count: state.layout.length })}
          </h2>
          <SortableContext id="layout" items={state.layout} strategy={rectSortingStrategy}>
            <DropArea
              id="layout"
              label={t('tiles.edit.layoutHeading', { count: state.layout.length })}
              className={cn(gridClass, 'border border-dashed p-2')}
            >
              {state.layout.map((id, index) => (
                <SortableLayoutTile
                  key={id}
                  tile={tile(id)}
                  actions={{
                    canEdit: canEdit(tile(id)),
                    pinned: state.pinned.has(id),
                    onEdit: () => onEdit(id),
                    onRemove: () => removeFromLayout(id),
                    onMove: (step) => moveInLayout(id, step),
                    isFirst: index === 0,
                    isLast: index === state.layout.length - 1,
                  }}
                />
              ))}
              {state.layout.length === 0 && (
                <li className="col-span-full self-center p-6 text-center text-sm text-muted-foreground">
                  {t('tiles.edit.emptyLayout')}
                </li>
              )}
            </DropArea>
          </SortableContext>
        </section>
        <section
          aria-labelledby="edit-unused-heading"
          className="grid gap-3 rounded-xl border bg-card p-3 desktop:sticky desktop:top-20"
        >
          <div className="flex items-center gap-2">
            <h2 id="edit-unused-heading" className="me-auto text-base font-semibold">
              {t('tiles.edit.unusedHeading')}
            </h2>
            <Button variant="ghost" size="sm" className="desktop:hidden" onClick={() => void open('filter')}>
              <SlidersHorizontal aria-hidden="true" />
              {t('dialogs.filter')}
            </Button>
          </div>
          <div className="mobile:hidden">
            <UnusedFilterControls />
          </div>
          <SortableContext id="unused" items={unusedShown} strategy={verticalListSortingStrategy}>
            <DropArea
              id="unused"
              label={t('tiles.edit.unusedHeading')}
              className="grid max-h-[60dvh] min-h-16 grid-cols-[minmax(0,1fr)] gap-2 overflow-y-auto rounded-lg p-0.5"
            >
              {unusedShown.map((id) => (
                <SortableUnusedTile
                  key={id}
                  tile={tile(id)}
                  canEdit={canEdit(tile(id))}
                  onAdd={() => addToLayout(id)}
                  onEdit={() => onEdit(id)}
                />
              ))}
              {unusedShown.length === 0 && (
                <li className="p-3 text-center text-sm text-muted-foreground">
                  {state.unused.length === 0 ? t('tiles.edit.noUnused') : t('tiles.edit.noMatches')}
                </li>
              )}
            </DropArea>
          </SortableContext>
        </section>
      </div>
      <DragOverlay>
        {activeId !== null && state.tiles.has(activeId) ? (
          <div className="flex w-28 flex-col items-center gap-2 rounded-xl bg-card/90 p-2 shadow-lg">
            <TileFace tile={tile(activeId)} />
            <span dir="auto" className="line-clamp-2 text-center text-xs font-medium">
              {titleOf(activeId)}
            </span>
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}
