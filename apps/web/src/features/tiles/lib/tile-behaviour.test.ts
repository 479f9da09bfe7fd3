import { describe, expect, it } from 'vitest';
import { tileBehaviour } from './tile-behaviour';
import { tileLink } from './tile-target';

const url = 'https://moodle.example.org/';
const badge = (target: 'iframe' | 'link' | 'newTab' | 'download', loggedIn = true) =>
  tileBehaviour(tileLink({ id: 3, url, target }, 'Moodle', { loggedIn }));

describe('a tile says what it will do (issue 19 item 2)', () => {
  it('an embedded tile needs no badge: it stays in the portal', () => {
    expect(badge('iframe')).toBeNull();
  });

  it('a visitor’s embedded tile opens a new tab, and says so', () => {
    expect(badge('iframe', false)).toBe('newTab');
  });

  it('new tab, download and same tab each have their badge', () => {
    expect(badge('newTab')).toBe('newTab');
    expect(badge('download')).toBe('download');
    expect(badge('link')).toBe('leaves');
  });

  it('a tile without an address gets no badge (canary: it does nothing, so it promises nothing)', () => {
    expect(tileBehaviour(tileLink({ id: 3, url: null, target: 'link' }, 'x', { loggedIn: true }))).toBeNull();
  });
});
