import { DEFAULT_UI_PREFERENCES, type UiPreferences } from '@aula/contracts';

/**
 * spec 3.6, 9: the UI preferences as CSS on the document root. The font size scales every rem;
 * the line height scales Tailwind's spacing unit (`--spacing: 0.25rem × line height`). Hidden app titles are
 * read by the tiles themselves; the stored left-nav width has no control any more (decision 060).
 */
export function applyUiPreferences(prefs: UiPreferences = DEFAULT_UI_PREFERENCES): void {
  const style = document.documentElement.style;
  style.fontSize = prefs.fontSize === DEFAULT_UI_PREFERENCES.fontSize ? '' : `${prefs.fontSize}px`;
  style.setProperty('--spacing', `calc(0.25rem * ${prefs.lineHeight})`);
  style.setProperty('--app-line-height', String(prefs.lineHeight));
}
