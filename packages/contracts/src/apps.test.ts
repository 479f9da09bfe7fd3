import { describe, expect, it } from 'vitest';
import {
  TileUrlSchema,
  tileTitle,
  canSeeTile,
  deriveTilePermission,
  PALETTE,
  randomPaletteColor,
} from './apps.ts';

describe('deriveTilePermission (spec 3.1)', () => {
  it('is groups when the tile has any group, whoever looks', () => {
    expect(deriveTilePermission({ groups: [3], creator: 'me' }, 'me')).toBe('groups');
    expect(deriveTilePermission({ groups: [3], creator: 'me' }, 'you')).toBe('groups');
  });
  it('is private for its creator when it has no groups', () => {
    expect(deriveTilePermission({ groups: [], creator: 'me' }, 'me')).toBe('private');
  });
  it('is everyone otherwise', () => {
    expect(deriveTilePermission({ groups: [], creator: 'me' }, 'you')).toBe('everyone');
    expect(deriveTilePermission({ groups: [], creator: 'me' }, null)).toBe('everyone');
  });
});

describe('canSeeTile', () => {
  const viewer = { laraId: 'me', groupIds: [1, 2] };
  it('everyone: visitors and users alike', () => {
    expect(canSeeTile({ wantedPerms: 'everyone', groups: [], creator: 'x' }, null)).toBe(true);
  });
  it('private: only the creator', () => {
    expect(canSeeTile({ wantedPerms: 'private', groups: [], creator: 'me' }, viewer)).toBe(true);
    expect(canSeeTile({ wantedPerms: 'private', groups: [], creator: 'x' }, viewer)).toBe(false);
    expect(canSeeTile({ wantedPerms: 'private', groups: [], creator: 'me' }, null)).toBe(false);
  });
  it('groups: members of a group, and the creator', () => {
    expect(canSeeTile({ wantedPerms: 'groups', groups: [2, 9], creator: 'x' }, viewer)).toBe(true);
    expect(canSeeTile({ wantedPerms: 'groups', groups: [9], creator: 'x' }, viewer)).toBe(false);
    expect(canSeeTile({ wantedPerms: 'groups', groups: [9], creator: 'me' }, viewer)).toBe(true);
    expect(canSeeTile({ wantedPerms: 'groups', groups: [1], creator: 'x' }, null)).toBe(false);
  });
});

describe('tile urls (SECURITY.md: http or https only)', () => {
  it.each(['https://example.org', 'http://intranet.schule/klassenbuch'])('accepts %s', (url) => {
    expect(TileUrlSchema.safeParse(url).success).toBe(true);
  });
  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,x',
    'vbscript:x',
    'ftp://x',
    'example.org',
  ])('refuses %s', (url) => {
    expect(TileUrlSchema.safeParse(url).success).toBe(false);
  });
});

describe('palette (spec 3.6)', () => {
  it('has 8 hues by 5 shades', () => {
    expect(PALETTE).toHaveLength(40);
    expect(new Set(PALETTE).size).toBe(40);
  });
  it('picks a random colour from the palette', () => {
    expect(randomPaletteColor(() => 0)).toBe('yellow-100');
    expect(randomPaletteColor(() => 0.999)).toBe('green-900');
  });
});

describe('tileTitle', () => {
  const tile = { title: 'Klassenbuch', titleTranslation: { en: 'Class book', ar: ' ' } };
  it('uses the translation for the language, else the base title', () => {
    expect(tileTitle(tile, 'en')).toBe('Class book');
    expect(tileTitle(tile, 'en-GB')).toBe('Class book');
    expect(tileTitle(tile, 'de')).toBe('Klassenbuch');
    expect(tileTitle(tile, 'ar')).toBe('Klassenbuch');
  });
});
