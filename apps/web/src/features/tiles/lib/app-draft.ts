import { useSyncExternalStore } from 'react';
import {
  DEFAULT_ICON_NAME,
  randomPaletteColor,
  type Tile,
  type TileInput,
  type TitleTranslation,
} from '@aula/contracts';

/**
 * The tile being created or edited, shared by the create/edit dialog and the dialogs it opens on top
 * (icon-picker, color-picker, group-change), so nothing typed is lost while a picker is open.
 */
export interface AppDraft {
  /** 'new' or the id of the tile being edited. */
  key: 'new' | number;
  input: TileInput;
  titleTranslation: TitleTranslation;
  /** A chosen icon file, shown as a preview until saved. */
  icon: File | null;
  /** The file of a download tile. */
  file: File | null;
  /** The saved tile's uploaded icon, if any. */
  iconUrl: string | null;
  hasFile: boolean;
  /** lara_id of the tile's creator (spec 3.1 edit ownership); null for a new one. */
  creator: string | null;
}

let draft: AppDraft | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function newDraft(random: () => number = Math.random): AppDraft {
  return {
    key: 'new',
    input: {
      title: '',
      url: null,
      iconName: DEFAULT_ICON_NAME,
      iconColor: null,
      // spec 3.1: a random palette colour by default
      color: randomPaletteColor(random),
      target: 'newTab',
      type: null,
      config: null,
      wantedPerms: 'private',
      groups: [],
      locked: false,
      removeIcon: false,
    },
    titleTranslation: {},
    icon: null,
    file: null,
    iconUrl: null,
    hasFile: false,
    creator: null,
  };
}

export function draftOf(tile: Tile, config: string | null = null): AppDraft {
  return {
    key: tile.id,
    input: {
      title: tile.title,
      url: tile.url,
      iconName: tile.iconName,
      iconColor: (tile.iconColor as TileInput['iconColor']) ?? null,
      color: tile.color,
      target: tile.target,
      type: (tile.type as TileInput['type']) ?? null,
      config,
      wantedPerms: tile.wantedPerms,
      groups: tile.groups,
      locked: tile.locked,
      removeIcon: false,
    },
    titleTranslation: tile.titleTranslation,
    icon: null,
    file: null,
    iconUrl: tile.iconUrl,
    hasFile: tile.hasFile,
    creator: tile.creator,
  };
}

export function getDraft(): AppDraft | null {
  return draft;
}

export function setDraft(next: AppDraft | null): void {
  draft = next;
  emit();
}

export function updateDraft(change: (current: AppDraft) => AppDraft): void {
  if (!draft) return;
  draft = change(draft);
  emit();
}

export function updateDraftInput(change: Partial<TileInput>): void {
  updateDraft((current) => ({ ...current, input: { ...current.input, ...change } }));
}

export function useDraft(): AppDraft | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => draft,
  );
}
