import { useSyncExternalStore } from 'react';
import {
  DEFAULT_ICON_NAME,
  randomPaletteColor,
  type Bubble,
  type BubbleInput,
  type TitleTranslation,
} from '@aula/contracts';

/**
 * The tile being created or edited, shared by the create/edit dialog and the dialogs it opens on top
 * (icon-picker, color-picker, group-change), so nothing typed is lost while a picker is open.
 */
export interface AppDraft {
  /** 'new' or the id of the tile being edited. */
  key: 'new' | number;
  input: BubbleInput;
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

export function draftOf(bubble: Bubble, config: string | null = null): AppDraft {
  return {
    key: bubble.id,
    input: {
      title: bubble.title,
      url: bubble.url,
      iconName: bubble.iconName,
      iconColor: (bubble.iconColor as BubbleInput['iconColor']) ?? null,
      color: bubble.color,
      target: bubble.target,
      type: (bubble.type as BubbleInput['type']) ?? null,
      config,
      wantedPerms: bubble.wantedPerms,
      groups: bubble.groups,
      locked: bubble.locked,
      removeIcon: false,
    },
    titleTranslation: bubble.titleTranslation,
    icon: null,
    file: null,
    iconUrl: bubble.iconUrl,
    hasFile: bubble.hasFile,
    creator: bubble.creator,
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

export function updateDraftInput(change: Partial<BubbleInput>): void {
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
