import { createElement, type SVGProps } from 'react';
import spriteUrl from 'virtual:tile-icon-sprite';
import { DEFAULT_ICON_NAME } from '@aula/contracts';
import { TILE_ICON_GLYPHS } from './tile-icon-names';

/**
 * The tile icons, by lucide's kebab-case names. Their glyphs are lucide's, drawn into one SVG sprite by the
 * build (scripts/tile-sprite.ts, decision 094) instead of 42 icon components on the start path.
 */
export const TILE_ICON_NAMES = Object.keys(TILE_ICON_GLYPHS) as TileIconName[];

export type TileIconName = keyof typeof TILE_ICON_GLYPHS;

// the default question-tile icon (spec 3.1) is one of them
const DEFAULT_ICON: TileIconName = DEFAULT_ICON_NAME;

export function isTileIconName(name: string): name is TileIconName {
  return Object.hasOwn(TILE_ICON_GLYPHS, name);
}

/** Unknown names fall back to the default question-tile icon (spec 3.1). */
export function tileIconName(name: string): TileIconName {
  return isTileIconName(name) ? name : DEFAULT_ICON;
}

/** An accessible name or role of its own, as lucide counts it: else the icon is hidden from assistive tech. */
const hasA11yProp = (props: object): boolean =>
  Object.entries(props).some(
    ([prop, value]) => (prop.startsWith('aria-') || prop === 'role' || prop === 'title') && value != null,
  );

/**
 * A tile's icon by name: the svg lucide's component renders (its attributes and classes, aria-hidden unless
 * given an accessible prop), with the glyph's shapes taken from the sprite.
 */
export function TileIcon({ name, className, ...props }: SVGProps<SVGSVGElement> & { name: string }) {
  const glyph = tileIconName(name);
  return createElement(
    'svg',
    {
      xmlns: 'http://www.w3.org/2000/svg',
      width: 24,
      height: 24,
      viewBox: '0 0 24 24',
      fill: 'none',
      stroke: 'currentColor',
      strokeWidth: 2,
      strokeLinecap: 'round',
      strokeLinejoin: 'round',
      className: `lucide lucide-${TILE_ICON_GLYPHS[glyph]}${className ? ` ${className}` : ''}`,
      ...(hasA11yProp(props) ? {} : { 'aria-hidden': 'true' }),
      ...props,
    },
    createElement('use', { href: `${spriteUrl}#${glyph}` }),
  );
}
