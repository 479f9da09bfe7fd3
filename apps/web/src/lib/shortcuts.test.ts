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

describe('/ focuses the app search (issue 19 item 14)', () => {
  const slash = (target?: EventTarget) => {
    const event = new KeyboardEvent('keydown', { key: '/', cancelable: true, bubbles: true });
    if (target) target.dispatchEvent(event);
    return event;
  };

  it('focuses the search field where the home page shows one', () => {
    const field = document.createElement('input');
    field.id = 'app-search';
    document.body.append(field);
    try {
      expect(handleShortcut(slash())).toBe(true);
      expect(document.activeElement).toBe(field);
    } finally {
      field.remove();
    }
  });

  it('is a plain character while typing, and does nothing without the field (canaries)', () => {
    const field = document.createElement('input');
    field.id = 'app-search';
    const other = document.createElement('textarea');
    document.body.append(field, other);
    try {
      const typed = new KeyboardEvent('keydown', { key: '/', cancelable: true });
      Object.defineProperty(typed, 'target', { value: other });
      expect(handleShortcut(typed)).toBe(false);
      expect(typed.defaultPrevented).toBe(false);
    } finally {
      field.remove();
      other.remove();
    }
    expect(handleShortcut(slash())).toBe(false);
  });
});
