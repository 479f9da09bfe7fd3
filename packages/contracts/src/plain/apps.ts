// Zod-free: the web app's start path imports this (decision 049). A schema belongs in ../apps.ts.

import type { Locale } from './locales.ts';

// spec 3.6: eight hues in shades 100, 300, 500, 700, 900
export const PALETTE_HUES = ['yellow', 'orange', 'red', 'pink', 'purple', 'blue', 'sky', 'green'] as const;
export const PALETTE_SHADES = [100, 300, 500, 700, 900] as const;
export type PaletteColor = `${(typeof PALETTE_HUES)[number]}-${(typeof PALETTE_SHADES)[number]}`;
export const PALETTE: readonly PaletteColor[] = PALETTE_HUES.flatMap((hue) =>
  PALETTE_SHADES.map((shade) => `${hue}-${shade}` as PaletteColor),
);

/** A tile's title per language (spec 3.1 titleTranslation; `TitleTranslationSchema` in ../apps.ts checks it). */
export type TitleTranslation = Partial<Record<Locale, string>>;

export const DEFAULT_ICON_NAME = 'message-circle-question'; // spec 3.1: a question-tile icon

/** The title in the viewer's language, falling back to the base title (spec 3.1 titleTranslation). */
export function tileTitle(
  tile: { title: string; titleTranslation: TitleTranslation },
  locale: string,
): string {
  const base = locale.split('-')[0] as keyof TitleTranslation;
  const translated = tile.titleTranslation[base]?.trim();
  return translated ? translated : tile.title;
}
