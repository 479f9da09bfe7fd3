import { HISTORY_REPLACE_MS } from '@aula/contracts';
import type { KeyUnder } from './i18n-keys';

/**
 * spec 2.5: the comma-separated `dialog` search parameter, as pure functions.
 * A dialog id is `name` or `family:name`; the family is the part before the colon, and a
 * name without one is its own family (docs/decisions/020-dialogs.md).
 */
export type DialogList = readonly string[];

/**
 * The open dialogs, bottom first. Any address holds the family rule: of two dialogs of one family (or one
 * dialog twice) only the last stays, as if they had been opened one after the other.
 */
export function parseDialogs(param: string | undefined): string[] {
  if (!param) return [];
  return param
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '')
    .reduce<string[]>((open, id) => withDialogOpen(open, id), []);
}

export function serializeDialogs(list: DialogList): string | undefined {
  return list.length === 0 ? undefined : list.join(',');
}

export function dialogFamily(id: string): string {
  const colon = id.indexOf(':');
  return colon === -1 ? id : id.slice(0, colon);
}

/** Opening a dialog replaces any open dialog of its family and puts it on top. */
export function withDialogOpen(list: DialogList, id: string): string[] {
  const family = dialogFamily(id);
  return [...list.filter((open) => dialogFamily(open) !== family), id];
}

export function withDialogClosed(list: DialogList, id: string): string[] {
  return list.filter((open) => open !== id);
}

export interface OpenPlan {
  param: string | undefined;
  /** Rapid changes (within HISTORY_REPLACE_MS of the last one) replace the entry instead of adding one. */
  replace: boolean;
}

export function planOpen(list: DialogList, id: string, msSinceLastChange: number): OpenPlan | null {
  if (list.at(-1) === id) return null;
  return {
    param: serializeDialogs(withDialogOpen(list, id)),
    replace: msSinceLastChange < HISTORY_REPLACE_MS,
  };
}

export type ClosePlan = { kind: 'back' } | { kind: 'replace'; param: string | undefined } | null;

/**
 * Closing goes back in history when the current entry is the one opening this dialog added
 * (so the browser's back button and the close button agree); otherwise, e.g. after a deep link,
 * the dialog is removed from the current entry.
 */
export function planClose(
  list: DialogList,
  id: string,
  history: { openedHere: string | undefined; canGoBack: boolean },
): ClosePlan {
  if (!list.includes(id)) return null;
  // Only the top dialog goes back: a dialog replaced onto the same entry (within 100 ms) would close too.
  if (history.openedHere === id && list.at(-1) === id && history.canGoBack) return { kind: 'back' };
  return { kind: 'replace', param: serializeDialogs(withDialogClosed(list, id)) };
}

/** A shown dialog and how often it has been mounted anew; `${id}#${mount}` is its React key. */
export interface StackEntry {
  id: string;
  mount: number;
}

/**
 * Which shown dialogs keep their mounted component when the list changes. Each modal dialog's focus trap, Escape
 * handling and hiding of the rest of the page follow the order dialogs were mounted in, so that order must be
 * the list's: a dialog that now stands above one mounted after it (brought to the top again, or found under a
 * new one after Back) is mounted anew, and so is every dialog above it.
 */
export function restackDialogs(previous: readonly StackEntry[], list: DialogList): StackEntry[] {
  let lastKept = -1;
  let remounting = false;
  return list.map((id) => {
    const index = previous.findIndex((entry) => entry.id === id);
    const before = previous[index];
    if (before && !remounting && index > lastKept) {
      lastKept = index;
      return before;
    }
    remounting = true;
    return { id, mount: before ? before.mount + 1 : 0 };
  });
}

/** The translation key of a dialog's title: `dialogs.<camelCase id>` (':' is i18next's namespace separator). */
export function dialogTitleKey(id: string): KeyUnder<'dialogs'> {
  const camel = id.replace(/[:-]([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());
  // every registered id has its title (app/dialogs/registry.test.ts); no helper call, this is on the start path
  return `dialogs.${camel}` as KeyUnder<'dialogs'>;
}
