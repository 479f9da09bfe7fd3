import { z } from 'zod';
import { MAX_TITLE_LENGTH, MAX_URL_LENGTH } from './constants.ts';
import { LocaleSchema } from './users.ts';

// spec 3.1
export const TARGETS = ['iframe', 'link', 'newTab', 'download'] as const;
export const TargetSchema = z.enum(TARGETS);
export type Target = z.infer<typeof TargetSchema>;
export const DEFAULT_TARGET: Target = 'newTab';

export const WANTED_PERMS = ['private', 'groups', 'everyone'] as const;
export const WantedPermsSchema = z.enum(WANTED_PERMS);
export type WantedPerms = z.infer<typeof WantedPermsSchema>;

// spec 3.6: eight hues in shades 100, 300, 500, 700, 900
export const PALETTE_HUES = ['yellow', 'orange', 'red', 'pink', 'purple', 'blue', 'sky', 'green'] as const;
export const PALETTE_SHADES = [100, 300, 500, 700, 900] as const;
export type PaletteColor = `${(typeof PALETTE_HUES)[number]}-${(typeof PALETTE_SHADES)[number]}`;
export const PALETTE: readonly PaletteColor[] = PALETTE_HUES.flatMap((hue) =>
  PALETTE_SHADES.map((shade) => `${hue}-${shade}` as PaletteColor),
);
export const PaletteColorSchema = z.enum(PALETTE as [PaletteColor, ...PaletteColor[]]);

export function randomPaletteColor(random: () => number = Math.random): PaletteColor {
  return PALETTE[Math.floor(random() * PALETTE.length) % PALETTE.length]!;
}

export const DEFAULT_ICON_NAME = 'message-circle-question'; // spec 3.1: a question-bubble icon

/** Only http(s) tile urls, in every spelling (SECURITY.md "Content"). */
export const BubbleUrlSchema = z
  .string()
  .max(MAX_URL_LENGTH)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'url must be http or https');

export const TitleTranslationSchema = z.partialRecord(LocaleSchema, z.string().max(MAX_TITLE_LENGTH));
export type TitleTranslation = z.infer<typeof TitleTranslationSchema>;

/** A bubble as the server sends it (spec 3.1, 3.2). */
export const BubbleSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  url: z.string().nullable(),
  iconName: z.string(),
  iconColor: z.string().nullable(),
  color: PaletteColorSchema,
  new: z.boolean(),
  public: z.boolean(),
  target: TargetSchema,
  type: z.string().nullable(),
  appTypeId: z.number().int().nullable(),
  groups: z.array(z.number().int()),
  locked: z.boolean(),
  creator: z.string().nullable(),
  wantedPerms: WantedPermsSchema,
  titleTranslation: TitleTranslationSchema,
  hasFile: z.boolean(),
});
export type Bubble = z.infer<typeof BubbleSchema>;

export const PERMISSIONS = ['groups', 'private', 'everyone'] as const;
export type BubblePermission = (typeof PERMISSIONS)[number];

/** spec 3.1: groups if it has any groups; otherwise private if the viewer made it; otherwise everyone. */
export function deriveBubblePermission(
  bubble: Pick<Bubble, 'groups' | 'creator'>,
  viewerLaraId: string | null | undefined,
): BubblePermission {
  if (bubble.groups.length > 0) return 'groups';
  if (viewerLaraId != null && bubble.creator === viewerLaraId) return 'private';
  return 'everyone';
}

/** Who may see a bubble on a layout (spec 3.1, docs/decisions/006-bubble-visibility.md). */
export function canSeeBubble(
  bubble: Pick<Bubble, 'groups' | 'creator' | 'wantedPerms'>,
  viewer: { laraId: string; groupIds: readonly number[] } | null,
): boolean {
  switch (bubble.wantedPerms) {
    case 'everyone':
      return true;
    case 'private':
      return viewer !== null && bubble.creator === viewer.laraId;
    case 'groups':
      return (
        viewer !== null &&
        (bubble.creator === viewer.laraId || bubble.groups.some((g) => viewer.groupIds.includes(g)))
      );
  }
}

/** The title in the viewer's language, falling back to the base title (spec 3.1 titleTranslation). */
export function bubbleTitle(bubble: Pick<Bubble, 'title' | 'titleTranslation'>, locale: string): string {
  const base = locale.split('-')[0] as keyof TitleTranslation;
  const translated = bubble.titleTranslation[base]?.trim();
  return translated ? translated : bubble.title;
}

export const BUBBLE_TITLE_MAX = MAX_TITLE_LENGTH;

/** Path parameters of /api/apps/{id} */
export const AppIdParamsSchema = z.strictObject({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});
