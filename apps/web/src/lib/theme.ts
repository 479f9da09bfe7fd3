import { useSyncExternalStore } from 'react';
import { THEMES, type Theme } from '@aula/contracts';

export const THEME_STORAGE_KEY = 'aula.theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';
const THEME_COLORS = { light: '#ffffff', dark: '#0f172a' } as const;

type ResolvedTheme = 'light' | 'dark';
const listeners = new Set<() => void>();

function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

function readStoredTheme(): Theme {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(stored) ? stored : 'auto';
  } catch {
    return 'auto';
  }
}

let current: Theme = typeof window === 'undefined' ? 'auto' : readStoredTheme();

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

export function resolveTheme(theme: Theme, prefersDark: boolean): ResolvedTheme {
  if (theme === 'auto') return prefersDark ? 'dark' : 'light';
  return theme;
}

export function getTheme(): Theme {
  return current;
}

export function getResolvedTheme(): ResolvedTheme {
  return resolveTheme(current, systemPrefersDark());
}

export function applyTheme(): void {
  const resolved = getResolvedTheme();
  const root = document.documentElement;
  root.classList.toggle('dark', resolved === 'dark');
  root.style.colorScheme = resolved;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLORS[resolved]);
}

export function setTheme(theme: Theme): void {
  current = theme;
  try {
    if (theme === 'auto') localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Without storage the choice lasts for this page only.
  }
  applyTheme();
  for (const listener of listeners) listener();
}

/** spec 2.6: Alt+L toggles between light and dark, starting from what is shown now. */
export function toggleTheme(): void {
  setTheme(getResolvedTheme() === 'dark' ? 'light' : 'dark');
}

/** Applies the stored theme and follows the system setting while the theme is auto. */
export function initTheme(): void {
  applyTheme();
  if (typeof window.matchMedia !== 'function') return;
  window.matchMedia(DARK_QUERY).addEventListener('change', () => {
    if (current !== 'auto') return;
    applyTheme();
    for (const listener of listeners) listener();
  });
}

export function subscribeTheme(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useResolvedTheme(): ResolvedTheme {
  return useSyncExternalStore(subscribeTheme, getResolvedTheme, () => 'light');
}
