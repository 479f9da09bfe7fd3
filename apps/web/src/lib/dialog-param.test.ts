import { describe, expect, it } from 'vitest';
import { HISTORY_REPLACE_MS } from '@aula/contracts';
import {
  dialogFamily,
  parseDialogs,
  planClose,
  planOpen,
  restackDialogs,
  serializeDialogs,
  withDialogClosed,
  withDialogOpen,
} from './dialog-param';

describe('the dialog parameter (spec 2.5)', () => {
  it('reads a comma-separated list, ignoring blanks and repeats', () => {
    expect(parseDialogs(undefined)).toEqual([]);
    expect(parseDialogs('')).toEqual([]);
    expect(parseDialogs('settings')).toEqual(['settings']);
    expect(parseDialogs('settings, help,,help ')).toEqual(['settings', 'help']);
  });

  it('keeps only the last dialog of each family from any address, where it stands', () => {
    expect(parseDialogs('user-search:block,user-search:2fa')).toEqual(['user-search:2fa']);
    expect(parseDialogs('user-search:block,help,user-search:2fa')).toEqual(['help', 'user-search:2fa']);
    expect(parseDialogs('chat:upload,bbb:room-details,chat:edit-room')).toEqual([
      'bbb:room-details',
      'chat:edit-room',
    ]);
    expect(parseDialogs('help,settings,help')).toEqual(['settings', 'help']);
  });

  it('keeps dialogs of different families, the last on top', () => {
    expect(parseDialogs('settings,logout')).toEqual(['settings', 'logout']);
    // the family is the part before the colon: chat's user search is not of the user-search family
    expect(parseDialogs('user-search:block,chat:user-search')).toEqual([
      'user-search:block',
      'chat:user-search',
    ]);
  });

  it('writes the list back comma-separated, and nothing for an empty list', () => {
    expect(serializeDialogs(['settings', 'help'])).toBe('settings,help');
    expect(serializeDialogs([])).toBeUndefined();
  });

  it('takes the family from the part before the colon', () => {
    expect(dialogFamily('user-search:block')).toBe('user-search');
    expect(dialogFamily('bbb:create-room')).toBe('bbb');
    expect(dialogFamily('settings')).toBe('settings');
  });

  it('opening a dialog of a family replaces the open one of that family', () => {
    expect(withDialogOpen(['help', 'user-search:block'], 'user-search:2fa')).toEqual([
      'help',
      'user-search:2fa',
    ]);
  });

  it('opening a dialog of another family stacks it on top', () => {
    expect(withDialogOpen(['settings'], 'help')).toEqual(['settings', 'help']);
    expect(withDialogOpen(['bbb:room-details'], 'chat:create-room')).toEqual([
      'bbb:room-details',
      'chat:create-room',
    ]);
  });

  it('opening a dialog that is already open brings it to the top once', () => {
    expect(withDialogOpen(['help', 'settings'], 'help')).toEqual(['settings', 'help']);
    expect(planOpen(['settings', 'help'], 'help', 10_000)).toBeNull();
  });

  it('closing removes only that dialog', () => {
    expect(withDialogClosed(['settings', 'help'], 'settings')).toEqual(['help']);
  });

  it('opens with a new history entry, but replaces within the 100 ms history-replace window', () => {
    expect(planOpen([], 'settings', HISTORY_REPLACE_MS)).toEqual({ param: 'settings', replace: false });
    expect(planOpen(['settings'], 'help', HISTORY_REPLACE_MS - 1)).toEqual({
      param: 'settings,help',
      replace: true,
    });
  });

  it('closing goes back in history when opening this dialog added the current entry', () => {
    expect(planClose(['settings'], 'settings', { openedHere: 'settings', canGoBack: true })).toEqual({
      kind: 'back',
    });
  });

  it('closing a deep-linked dialog removes it from the address instead of leaving the site', () => {
    expect(planClose(['settings'], 'settings', { openedHere: undefined, canGoBack: false })).toEqual({
      kind: 'replace',
      param: undefined,
    });
    expect(planClose(['settings', 'help'], 'settings', { openedHere: 'help', canGoBack: true })).toEqual({
      kind: 'replace',
      param: 'help',
    });
  });

  it('closing a dialog below another that shares its history entry removes only that dialog', () => {
    // help opened, then legal replaced the entry within 100 ms: the entry still names help
    expect(planClose(['help', 'legal'], 'help', { openedHere: 'help', canGoBack: true })).toEqual({
      kind: 'replace',
      param: 'legal',
    });
  });

  it('closing a dialog that is not open does nothing', () => {
    expect(planClose(['help'], 'settings', { openedHere: 'help', canGoBack: true })).toBeNull();
  });
});

describe('the mount order of stacked dialogs', () => {
  const entries = (...pairs: [string, number][]) => pairs.map(([id, mount]) => ({ id, mount }));

  it('keeps every mounted dialog when one opens on top or one is closed', () => {
    const open = restackDialogs(entries(['settings', 0]), ['settings', 'logout']);
    expect(open).toEqual(entries(['settings', 0], ['logout', 0]));
    expect(restackDialogs(open, ['settings'])).toEqual(entries(['settings', 0]));
    expect(restackDialogs(entries(['a', 0], ['b', 2], ['c', 0]), ['a', 'c'])).toEqual(
      entries(['a', 0], ['c', 0]),
    );
  });

  it('mounts a dialog anew when it is brought to the top over one mounted after it', () => {
    expect(restackDialogs(entries(['help', 0], ['settings', 0]), ['settings', 'help'])).toEqual(
      entries(['settings', 0], ['help', 1]),
    );
  });

  it('mounts anew every dialog above one that is new below it (Back to a longer stack)', () => {
    expect(restackDialogs(entries(['logout', 3]), ['settings', 'logout'])).toEqual(
      entries(['settings', 0], ['logout', 4]),
    );
  });

  it('starts from nothing with every dialog mounted once', () => {
    expect(restackDialogs([], ['settings', 'logout'])).toEqual(entries(['settings', 0], ['logout', 0]));
  });
});
