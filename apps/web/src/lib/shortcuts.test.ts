import { beforeEach, describe, expect, it } from 'vitest';
import { handleShortcut } from './shortcuts';
import { getResolvedTheme, setTheme } from './theme';

const altL = (init: KeyboardEventInit = {}) =>
  new KeyboardEvent('keydown', { key: 'l', code: 'KeyL', altKey: true, cancelable: true, ...init });

beforeEach(() => setTheme('light'));

describe('keyboard shortcuts (spec 2.6)', () => {
  it('Alt+L toggles between light and dark', () => {
    expect(handleShortcut(altL())).toBe(true);
    expect(getResolvedTheme()).toBe('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    handleShortcut(altL());
    expect(getResolvedTheme()).toBe('light');
    expect(document.documentElement.classList.contains('dark')).toBe(false);
  });

  it('works when Alt+L types another character (macOS)', () => {
    handleShortcut(altL({ key: '¬' }));
    expect(getResolvedTheme()).toBe('dark');
  });

  it('ignores L without Alt and Ctrl+Alt+L', () => {
    expect(handleShortcut(altL({ altKey: false }))).toBe(false);
    expect(handleShortcut(altL({ ctrlKey: true }))).toBe(false);
    expect(getResolvedTheme()).toBe('light');
  });
});
