import { tileTitle, type Tile } from '@aula/contracts';

/** Lower case without accents, so "wörter" finds "Wörterbuch" and "worter" does too. */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

/**
 * The tiles whose title matches every word of the query: the title in the user's language first (a
 * translation where there is one), then the school's own title, so a pupil finds a tile by what it says to
 * them and by the name the teacher uses.
 */
export function filterTiles<T extends Pick<Tile, 'title' | 'titleTranslation'>>(
  tiles: readonly T[],
  query: string,
  locale: string,
): T[] {
  const words = foldForSearch(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...tiles];
  return tiles.filter((tile) => {
    const text = foldForSearch(`${tileTitle(tile, locale)} ${tile.title}`);
    return words.every((word) => text.includes(word));
  });
}
