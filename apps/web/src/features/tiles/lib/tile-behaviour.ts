import type { TileLink } from './tile-target';

/** What a tap on a tile does beyond opening it in the portal: the corner badge and the link's name say it. */
export type TileBehaviour = 'newTab' | 'download' | 'leaves';

/** Embedded tiles (and tiles without an address) need no badge; every other link says where it goes. */
export function tileBehaviour(link: TileLink): TileBehaviour | null {
  if (link.kind !== 'anchor') return null;
  if (link.download) return 'download';
  return link.target === '_blank' ? 'newTab' : 'leaves';
}
