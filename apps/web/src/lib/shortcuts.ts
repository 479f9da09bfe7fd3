import { useEffect } from 'react';
import type { ParseKeys } from 'i18next';
import { toggleTheme } from '@/lib/theme';

/** One registry for keyboard shortcuts: name, label key, key test, perform. */
export interface Shortcut {
  name: string;
  labelKey: ParseKeys;
  /** Shown to users and set as aria-keyshortcuts on the matching control. */
  keys: string;
  test: (event: KeyboardEvent) => boolean;
  perform: () => void;
}

/** The home page's app search field, which `/` focuses (issue 19 item 14). */
export const APP_SEARCH_ID = 'app-search';

export const SHORTCUTS = {
  toggleTheme: {
    name: 'toggleTheme',
    labelKey: 'shortcuts.toggleTheme',
    keys: 'Alt+L',
    // event.code, because Alt+L types "¬" on macOS and event.key is then no letter.
    test: (event) =>
      event.altKey &&
      !event.ctrlKey &&
      !event.metaKey &&
      !event.shiftKey &&
      (event.code === 'KeyL' || event.key.toLowerCase() === 'l'),
    perform: toggleTheme,
  },
  searchApps: {
    name: 'searchApps',
    labelKey: 'shortcuts.searchApps',
    keys: '/',
    // only where the search is shown, and never while typing: there `/` is a character
    test: (event) =>
      event.key === '/' &&
      !event.ctrlKey &&
      !event.metaKey &&
      !event.altKey &&
      !(event.target instanceof Element && event.target.closest('input,textarea,select,[contenteditable]')) &&
      document.getElementById(APP_SEARCH_ID) !== null,
    perform: () => document.getElementById(APP_SEARCH_ID)?.focus(),
  },
} satisfies Record<string, Shortcut>;

export function handleShortcut(
  event: KeyboardEvent,
  shortcuts: readonly Shortcut[] = Object.values(SHORTCUTS),
) {
  const shortcut = shortcuts.find((candidate) => candidate.test(event));
  if (!shortcut) return false;
  event.preventDefault();
  shortcut.perform();
  return true;
}

export function useShortcuts(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!event.defaultPrevented) handleShortcut(event);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
