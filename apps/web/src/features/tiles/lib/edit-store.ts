import { useSyncExternalStore } from 'react';
import { arrayMove } from '@dnd-kit/sortable';
import { layoutChanged, type Tile } from '@aula/contracts';

/**
 * Edit mode's working copy (spec 4.5): the order shown, the unused tiles, and the order the server
 * sent. Kept outside React so the add-apps and filter dialogs act on the same copy as the page.
 */
export interface EditState {
  /** Which layout this copy belongs to (tab, groups, server version). */
  key: string;
  original: number[];
  layout: number[];
  unused: number[];
  tiles: ReadonlyMap<number, Tile>;
  /** Tiles that must stay on this layout (locked tiles on a personal layout). */
  pinned: ReadonlySet<number>;
}

export interface UnusedFilter {
  query: string;
  showAll: boolean;
}

let state: EditState | null = null;
let filter: UnusedFilter = { query: '', showAll: false };
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function startEditing(next: {
  key: string;
  layout: readonly Tile[];
  unused: readonly Tile[];
  pinned: ReadonlySet<number>;
}): void {
  const ids = next.layout.map((b) => b.id);
  state = {
    key: next.key,
    original: ids,
    layout: ids,
    unused: next.unused.map((b) => b.id),
    tiles: new Map([...next.layout, ...next.unused].map((b) => [b.id, b])),
    pinned: next.pinned,
  };
  emit();
}

export function stopEditing(): void {
  state = null;
  emit();
}

export function getEditState(): EditState | null {
  return state;
}

export function isDirty(current: EditState | null = state): boolean {
  return current !== null && layoutChanged(current.original, current.layout);
}

export function setEditLists(change: (current: EditState) => Pick<EditState, 'layout' | 'unused'>): void {
  if (!state) return;
  state = { ...state, ...change(state) };
  emit();
}

/** Moves a tile from the unused list to the end of the layout. */
export function addToLayout(id: number): void {
  setEditLists((s) => ({
    layout: [...s.layout.filter((x) => x !== id), id],
    unused: s.unused.filter((x) => x !== id),
  }));
}

/** Moves a tile from the layout to the top of the unused list (pinned tiles stay). */
export function removeFromLayout(id: number): void {
  setEditLists((s) =>
    s.pinned.has(id)
      ? s
      : { layout: s.layout.filter((x) => x !== id), unused: [id, ...s.unused.filter((x) => x !== id)] },
  );
}

/** One step earlier (-1) or later (+1) in the layout, for the move buttons. */
export function moveInLayout(id: number, step: -1 | 1): void {
  setEditLists((s) => {
    const from = s.layout.indexOf(id);
    const to = from + step;
    if (from < 0 || to < 0 || to >= s.layout.length) return s;
    return { layout: arrayMove(s.layout, from, to), unused: s.unused };
  });
}

/** Back to the order the server sent (spec 4.5 reset). */
export function discardChanges(): void {
  if (!state) return;
  const shown = new Set(state.original);
  const all = [...state.layout, ...state.unused];
  state = { ...state, layout: state.original, unused: all.filter((id) => !shown.has(id)) };
  emit();
}

export function markSaved(): void {
  if (!state) return;
  state = { ...state, original: state.layout };
  emit();
}

export function useEditState(): EditState | null {
  return useSyncExternalStore(subscribe, () => state);
}

export function useUnusedFilter(): UnusedFilter {
  return useSyncExternalStore(subscribe, () => filter);
}

export function setUnusedFilter(change: Partial<UnusedFilter>): void {
  filter = { ...filter, ...change };
  emit();
}
