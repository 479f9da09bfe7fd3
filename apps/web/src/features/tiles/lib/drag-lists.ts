import { arrayMove } from '@dnd-kit/sortable';
import type { UniqueIdentifier } from '@dnd-kit/core';

// The edit page's drag and drop as pure functions over its two lists (spec 4.5): the layout and the unused
// tiles. dnd-kit names the drop areas 'layout' and 'unused' and each tile by its tile id.

export type Container = 'layout' | 'unused';

/** The lists a drag changes, and the tiles that may not leave the layout. */
export interface DragLists {
  layout: number[];
  unused: number[];
  pinned: ReadonlySet<number>;
}

export type ListsAfterDrag = Pick<DragLists, 'layout' | 'unused'>;

/** Which list a tile (or a drop area, by its own id) is in. */
export function containerOf(
  lists: Pick<DragLists, 'layout' | 'unused'>,
  id: UniqueIdentifier,
): Container | null {
  if (id === 'layout' || lists.layout.includes(id as number)) return 'layout';
  if (id === 'unused' || lists.unused.includes(id as number)) return 'unused';
  return null;
}

/**
 * Dragged over the other list: the tile moves into it at the place of the tile it is over (at the end over the
 * list itself). A pinned tile stays in the layout; within one list nothing changes until the drop.
 */
export function dragOver(
  lists: DragLists,
  activeId: UniqueIdentifier,
  overId: UniqueIdentifier,
): ListsAfterDrag {
  const from = containerOf(lists, activeId);
  const to = containerOf(lists, overId);
  if (!from || !to || from === to) return lists;
  if (to === 'unused' && lists.pinned.has(activeId as number)) return lists;
  const id = activeId as number;
  const source = lists[from].filter((x) => x !== id);
  const target = lists[to].filter((x) => x !== id);
  const overIndex = target.indexOf(overId as number);
  target.splice(overIndex < 0 ? target.length : overIndex, 0, id);
  return from === 'layout' ? { layout: source, unused: target } : { layout: target, unused: source };
}

/** Dropped on another tile of the same list: it takes that tile's place. Anything else leaves the lists be. */
export function dragEnd(
  lists: DragLists,
  activeId: UniqueIdentifier,
  overId: UniqueIdentifier | null,
): ListsAfterDrag {
  if (overId === null || activeId === overId) return lists;
  const from = containerOf(lists, activeId);
  const to = containerOf(lists, overId);
  if (!from || from !== to || typeof overId !== 'number') return lists;
  const list = lists[from];
  const moved = arrayMove(list, list.indexOf(activeId as number), list.indexOf(overId));
  return from === 'layout'
    ? { layout: moved, unused: lists.unused }
    : { layout: lists.layout, unused: moved };
}

/** A cancelled drag puts both lists back as they were when it started. */
export function dragCancel(lists: DragLists, atStart: ListsAfterDrag | null): ListsAfterDrag {
  return atStart ?? lists;
}

/** Where a tile is, for the screen reader's announcements: in the unused list, or its place in the layout. */
export function dragPosition(
  lists: Pick<DragLists, 'layout' | 'unused'>,
  id: UniqueIdentifier,
): { in: 'unused' } | { in: 'layout'; position: number; total: number } {
  if (containerOf(lists, id) === 'unused') return { in: 'unused' };
  const index = id === 'layout' ? lists.layout.length - 1 : lists.layout.indexOf(id as number);
  return { in: 'layout', position: index + 1, total: lists.layout.length };
}

/**
 * Where the dragged tile lands if it is dropped now, for the announcement after each move: on a tile of its
 * list it takes that tile's place; over itself, over its own list's free space or where it may not go, it stays.
 * (Announcing the place of the tile it is over was off by one once the tile had come back over its own place.)
 */
export function dropPosition(
  lists: DragLists,
  activeId: UniqueIdentifier,
  overId: UniqueIdentifier,
): ReturnType<typeof dragPosition> {
  return dragPosition(dragEnd(lists, activeId, overId), activeId);
}
