import { PALETTE_HUES, type PaletteColor } from '@aula/contracts';

/**
 * Written out in full so Tailwind finds every class in the source. Dark text on the light
 * shades and on the bright 500s (yellow, orange, sky, green), where white would fall below 3:1.
 */
export const TILE_COLOR_CLASSES: Record<PaletteColor, string> = {
  'yellow-100': 'bg-yellow-100 text-slate-900',
  'yellow-300': 'bg-yellow-300 text-slate-900',
  'yellow-500': 'bg-yellow-500 text-slate-900',
  'yellow-700': 'bg-yellow-700 text-white',
  'yellow-900': 'bg-yellow-900 text-white',
  'orange-100': 'bg-orange-100 text-slate-900',
  'orange-300': 'bg-orange-300 text-slate-900',
  'orange-500': 'bg-orange-500 text-slate-900',
  'orange-700': 'bg-orange-700 text-white',
  'orange-900': 'bg-orange-900 text-white',
  'red-100': 'bg-red-100 text-slate-900',
  'red-300': 'bg-red-300 text-slate-900',
  'red-500': 'bg-red-500 text-white',
  'red-700': 'bg-red-700 text-white',
  'red-900': 'bg-red-900 text-white',
  'pink-100': 'bg-pink-100 text-slate-900',
  'pink-300': 'bg-pink-300 text-slate-900',
  'pink-500': 'bg-pink-500 text-white',
  'pink-700': 'bg-pink-700 text-white',
  'pink-900': 'bg-pink-900 text-white',
  'purple-100': 'bg-purple-100 text-slate-900',
  'purple-300': 'bg-purple-300 text-slate-900',
  'purple-500': 'bg-purple-500 text-white',
  'purple-700': 'bg-purple-700 text-white',
  'purple-900': 'bg-purple-900 text-white',
  'blue-100': 'bg-blue-100 text-slate-900',
  'blue-300': 'bg-blue-300 text-slate-900',
  'blue-500': 'bg-blue-500 text-white',
  'blue-700': 'bg-blue-700 text-white',
  'blue-900': 'bg-blue-900 text-white',
  'sky-100': 'bg-sky-100 text-slate-900',
  'sky-300': 'bg-sky-300 text-slate-900',
  'sky-500': 'bg-sky-500 text-slate-900',
  'sky-700': 'bg-sky-700 text-white',
  'sky-900': 'bg-sky-900 text-white',
  'green-100': 'bg-green-100 text-slate-900',
  'green-300': 'bg-green-300 text-slate-900',
  'green-500': 'bg-green-500 text-slate-900',
  'green-700': 'bg-green-700 text-white',
  'green-900': 'bg-green-900 text-white',
};

const FALLBACK_COLOR: PaletteColor = 'sky-700';

function isPaletteColor(value: string): value is PaletteColor {
  return Object.hasOwn(TILE_COLOR_CLASSES, value);
}

export function tileColorClass(color: string): string {
  return TILE_COLOR_CLASSES[isPaletteColor(color) ? color : FALLBACK_COLOR];
}

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const PALETTE_VAR = new RegExp(`^(?:${PALETTE_HUES.join('|')})-(?:100|300|500|700|900)$`);

/** iconColor as a CSS colour: a palette name becomes Tailwind's variable, a hex colour stays; anything else is ignored. */
export function iconColorValue(iconColor: string | null): string | undefined {
  if (!iconColor) return undefined;
  if (PALETTE_VAR.test(iconColor)) return `var(--color-${iconColor})`;
  if (HEX_COLOR.test(iconColor)) return iconColor;
  return undefined;
}
