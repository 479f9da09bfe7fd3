import { describe, expect, it } from 'vitest';
import { filterTiles, foldForSearch } from './tile-search';

const tiles = [
  { title: 'Wörterbuch', titleTranslation: { en: 'Dictionary', ar: 'قاموس' } },
  { title: 'Stundenplan', titleTranslation: { en: 'Timetable' } },
  { title: 'Mathe 5a', titleTranslation: {} },
];
const titles = (query: string, locale = 'de') => filterTiles(tiles, query, locale).map((t) => t.title);

describe('the home page app search (issue 19 item 14)', () => {
  it('an empty query keeps every tile in its order', () => {
    expect(titles('  ')).toEqual(['Wörterbuch', 'Stundenplan', 'Mathe 5a']);
  });

  it('finds a tile by part of its title, without regard to case or accents', () => {
    expect(titles('wörter')).toEqual(['Wörterbuch']);
    expect(titles('WORTER')).toEqual(['Wörterbuch']);
    expect(titles('plan')).toEqual(['Stundenplan']);
  });

  it('finds a tile by its title in the user’s language', () => {
    expect(titles('dict', 'en')).toEqual(['Wörterbuch']);
    expect(titles('قاموس', 'ar')).toEqual(['Wörterbuch']);
    // and by the school's own title, which teachers use
    expect(titles('stunden', 'en')).toEqual(['Stundenplan']);
  });

  it('every word must match; a query that matches nothing finds nothing (canary)', () => {
    expect(titles('mathe 5a')).toEqual(['Mathe 5a']);
    expect(titles('mathe 6b')).toEqual([]);
    // another language's translation is not the user's title
    expect(titles('timetable', 'de')).toEqual([]);
  });

  it('folds case and accents only', () => {
    expect(foldForSearch('Ärger É')).toBe('arger e');
  });
});
