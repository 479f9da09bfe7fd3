import { z, type Same } from './zod.ts';
import {
  DEFAULT_ICON_NAME,
  PALETTE,
  tileTitle,
  type PaletteColor,
  type TitleTranslation,
} from './plain/apps.ts';

export * from './plain/apps.ts';
import { IdSchema, multilineText, text } from './text.ts';
import { MAX_APP_CONFIG_LENGTH, MAX_TITLE_LENGTH, MAX_URL_LENGTH } from './constants.ts';
import type { ErrorCode } from './errors.ts';
import { hasRole, type RoleSubject } from './roles.ts';
import { LocaleSchema } from './users.ts';
import { isFeatureBuilt, type FeatureName } from './plain/perms.ts';

// spec 3.1
export const TARGETS = ['iframe', 'link', 'newTab', 'download'] as const;
export const TargetSchema = z.enum(TARGETS);
export type Target = z.infer<typeof TargetSchema>;
export const DEFAULT_TARGET: Target = 'newTab';

export const WANTED_PERMS = ['private', 'groups', 'everyone'] as const;
export const WantedPermsSchema = z.enum(WANTED_PERMS);
export type WantedPerms = z.infer<typeof WantedPermsSchema>;

export const PaletteColorSchema = z.enum(PALETTE as [PaletteColor, ...PaletteColor[]]);

export function randomPaletteColor(random: () => number = Math.random): PaletteColor {
  return PALETTE[Math.floor(random() * PALETTE.length) % PALETTE.length]!;
}

/** Only http(s) tile urls, in every spelling (SECURITY.md "Content"). */
export const TileUrlSchema = z
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
// the type is plain/apps.ts's (tileTitle reads it without zod); the schema stays exactly it
true satisfies Same<z.infer<typeof TitleTranslationSchema>, TitleTranslation>;

/** A tile as the server sends it (spec 3.1, 3.2). */
export const TileSchema = z.object({
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
  /** Address of the uploaded icon, shown instead of iconName (null: none uploaded). */
  iconUrl: z.string().nullable(),
  /** Last embed check of an iframe tile: true allowed, false the site refuses framing, null unknown. */
  embeddable: z.boolean().nullable(),
});
export type Tile = z.infer<typeof TileSchema>;

export const PERMISSIONS = ['groups', 'private', 'everyone'] as const;
export type TilePermission = (typeof PERMISSIONS)[number];

/** spec 3.1: groups if it has any groups; otherwise private if the viewer made it; otherwise everyone. */
export function deriveTilePermission(
  tile: Pick<Tile, 'groups' | 'creator'>,
  viewerLaraId: string | null | undefined,
): TilePermission {
  if (tile.groups.length > 0) return 'groups';
  if (viewerLaraId != null && tile.creator === viewerLaraId) return 'private';
  return 'everyone';
}

/** Who may see a tile on a layout (spec 3.1, docs/decisions/006-tile-visibility.md). */
export function canSeeTile(
  tile: Pick<Tile, 'groups' | 'creator' | 'wantedPerms'>,
  viewer: { laraId: string; groupIds: readonly number[] } | null,
): boolean {
  switch (tile.wantedPerms) {
    case 'everyone':
      return true;
    case 'private':
      return viewer !== null && tile.creator === viewer.laraId;
    case 'groups':
      return (
        viewer !== null &&
        (tile.creator === viewer.laraId || tile.groups.some((g) => viewer.groupIds.includes(g)))
      );
  }
}

export const TILE_TITLE_MAX = MAX_TITLE_LENGTH;

// spec 3.1 `type`: special tiles that open a part of the portal instead of a URL (GET /api/apps/types).
export const APP_TYPES = ['remote-desktop', 'video-conference', 'chat', 'camera', 'sick-notice'] as const;
export const AppTypeSchema = z.enum(APP_TYPES);
export type AppType = z.infer<typeof AppTypeSchema>;
/** The feature (spec 3.6) each special type opens, in the order "Create app" offers them (issue 19 item 4). */
export const APP_TYPE_FEATURES = [
  ['camera', 'camera'],
  ['sick-notice', 'sick'],
  ['video-conference', 'bbb'],
  ['chat', 'chat'],
  ['remote-desktop', 'guacamole'],
] as const satisfies readonly (readonly [AppType, FeatureName])[];
/**
 * The special types "Create app" offers: those whose feature is built (BUILT_FEATURES, decisions 058, 089);
 * another still opens "coming soon" and stays hidden.
 */
export const OFFERED_APP_TYPES: readonly AppType[] = APP_TYPE_FEATURES.filter(([, feature]) =>
  isFeatureBuilt(feature),
).map(([type]) => type);
export const AppTypeInfoSchema = z.object({
  id: z.number().int(),
  type: AppTypeSchema,
  /** remote-desktop needs a config JSON with a Name (spec 3.1, 5). */
  needsConfig: z.boolean(),
});
export type AppTypeInfo = z.infer<typeof AppTypeInfoSchema>;
export const AppTypeListSchema = z.array(AppTypeInfoSchema);
export const APP_TYPE_INFOS: readonly AppTypeInfo[] = APP_TYPES.map((type, index) => ({
  id: index + 1,
  type,
  needsConfig: type === 'remote-desktop',
}));

/**
 * What the create and edit dialogs send (POST /api/apps, PUT /api/apps/{id}: multipart, one form field
 * per entity field, plus the files `icon` and `file`). Business rules are in validateTileInput.
 */
export const TileInputSchema = z.strictObject({
  title: text().max(MAX_TITLE_LENGTH),
  url: text().max(MAX_URL_LENGTH).nullable().default(null),
  iconName: text()
    .max(64)
    .regex(/^[a-z0-9-]+$/)
    .default(DEFAULT_ICON_NAME),
  iconColor: PaletteColorSchema.nullable().default(null),
  color: PaletteColorSchema,
  target: TargetSchema.default(DEFAULT_TARGET),
  type: AppTypeSchema.nullable().default(null),
  config: multilineText().max(MAX_APP_CONFIG_LENGTH).nullable().default(null),
  wantedPerms: WantedPermsSchema.default('private'),
  groups: z.array(IdSchema).max(200).default([]),
  locked: z.boolean().default(false),
  /** Edit only: drop the uploaded icon and show iconName again. */
  removeIcon: z.boolean().default(false),
});
export type TileInput = z.infer<typeof TileInputSchema>;

const BOOLEAN_FIELDS = new Set(['locked', 'removeIcon']);
const NULLABLE_FIELDS = new Set(['url', 'iconColor', 'type', 'config']);

/** Multipart form fields (strings; `groups` repeated or comma-separated) to the input object. */
export function tileInputFromForm(fields: Record<string, string | string[]>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(fields)) {
    const values = Array.isArray(raw) ? raw : [raw];
    const value = values.at(-1) ?? '';
    if (name === 'groups') {
      result.groups = values
        .flatMap((v) => v.split(','))
        .filter((v) => v.trim() !== '')
        .map((v) => (/^\d+$/.test(v.trim()) ? Number(v.trim()) : v));
    } else if (BOOLEAN_FIELDS.has(name))
      result[name] = value === 'true' ? true : value === 'false' ? false : value;
    else if (NULLABLE_FIELDS.has(name)) result[name] = value === '' ? null : value;
    else result[name] = value;
  }
  return result;
}

/** The form fields of an input, the inverse of tileInputFromForm. */
export function tileInputToForm(input: TileInput): [string, string][] {
  const fields: [string, string][] = [];
  for (const [name, value] of Object.entries(input)) {
    if (name === 'groups') fields.push(['groups', (value as number[]).join(',')]);
    else fields.push([name, value === null ? '' : String(value)]);
  }
  return fields;
}

/** spec 5: https:// is prepended when no scheme is present. */
export function normalizeTileUrl(value: string): string {
  const trimmed = value.trim();
  if (trimmed === '') return '';
  return /^[a-z][a-z0-9+.-]*:/i.test(trimmed) && !/^[^:/]+:\d+(\/|$)/.test(trimmed)
    ? trimmed
    : `https://${trimmed}`;
}

export interface TileIssue {
  path: keyof TileInput | 'file';
  code: ErrorCode;
}

/** remote-desktop config: a JSON object with a non-empty Name (spec 3.1, 5). */
export function hasConfigName(config: string | null): boolean {
  if (!config) return false;
  try {
    const parsed: unknown = JSON.parse(config);
    return (
      typeof parsed === 'object' &&
      parsed !== null &&
      typeof (parsed as { Name?: unknown }).Name === 'string' &&
      (parsed as { Name: string }).Name.trim() !== ''
    );
  } catch {
    return false;
  }
}

/**
 * spec 5's tile rules, shared by the form (shown live) and the server (enforced):
 * title not empty after trimming; url required unless the tile has a type or downloads a file, and it
 * must be an http(s) URL once https:// is prepended; remote desktop needs a config with a Name;
 * wanted permissions "groups" need at least one group; a download tile needs a file.
 */
export function validateTileInput(input: TileInput, ctx: { hasFile: boolean }): TileIssue[] {
  const issues: TileIssue[] = [];
  if (input.title.trim() === '') issues.push({ path: 'title', code: 'apps.missing_title' });
  const url = input.url === null ? '' : normalizeTileUrl(input.url);
  const urlNeeded = input.type === null && input.target !== 'download';
  if (url === '' && urlNeeded) issues.push({ path: 'url', code: 'apps.missing_url' });
  if (url !== '' && !TileUrlSchema.safeParse(url).success)
    issues.push({ path: 'url', code: 'apps.invalid_url' });
  if (input.type === 'remote-desktop' && !hasConfigName(input.config))
    issues.push({ path: 'config', code: 'apps.config_name' });
  if (input.wantedPerms === 'groups' && input.groups.length === 0)
    issues.push({ path: 'groups', code: 'apps.groups_required' });
  if (input.target === 'download' && input.type === null && !ctx.hasFile)
    issues.push({ path: 'file', code: 'apps.file_required' });
  return issues;
}

/** The input as stored: trimmed title, normalised url, groups only for group tiles. */
export function normalizeTileInput(input: TileInput): TileInput {
  const url = input.url === null ? '' : normalizeTileUrl(input.url);
  return {
    ...input,
    title: input.title.trim(),
    url: url === '' ? null : url,
    groups: input.wantedPerms === 'groups' ? [...new Set(input.groups)].sort((a, b) => a - b) : [],
    config: input.type === 'remote-desktop' ? input.config : null,
  };
}

/** POST /api/apps/{id}/translation (spec 7.2): the map of language to title with the id; only non-empty entries. */
export const TranslationBodySchema = z.strictObject({
  id: IdSchema,
  de: text().trim().min(1).max(MAX_TITLE_LENGTH).optional(),
  en: text().trim().min(1).max(MAX_TITLE_LENGTH).optional(),
  fa: text().trim().min(1).max(MAX_TITLE_LENGTH).optional(),
  ar: text().trim().min(1).max(MAX_TITLE_LENGTH).optional(),
});
export type TranslationBody = z.infer<typeof TranslationBodySchema>;

/** Only the non-empty entries of a translation map, as spec 7.2 sends them. */
export function translationBody(id: number, titles: TitleTranslation): TranslationBody {
  const body: TranslationBody = { id };
  for (const [locale, title] of Object.entries(titles)) {
    const trimmed = title?.trim();
    if (trimmed) body[locale as keyof TitleTranslation] = trimmed;
  }
  return body;
}

/** The result of the embed check of an iframe tile (issue 4: X-Frame-Options, CSP frame-ancestors). */
export const EMBED_REASONS = [
  'x-frame-options',
  'frame-ancestors',
  'unreachable',
  'timeout',
  'blocked-address',
] as const;
export const EmbedCheckSchema = z.object({
  embeddable: z.boolean().nullable(),
  reason: z.enum(EMBED_REASONS).nullable(),
});
export type EmbedCheck = z.infer<typeof EmbedCheckSchema>;

/** POST /api/apps and PUT /api/apps/{id}: the saved tile, and the embed check for iframe tiles. */
export const SaveAppResponseSchema = z.object({
  bubble: TileSchema,
  embedCheck: EmbedCheckSchema.nullable(),
});
export type SaveAppResponse = z.infer<typeof SaveAppResponseSchema>;

/** spec 3.1: who may edit a tile. Its creator (creator = lara_id); admins too (decision 023). */
export function mayEditTile(
  tile: Pick<Tile, 'creator'>,
  user: (RoleSubject & { lara_id: string }) | null | undefined,
): boolean {
  if (!user) return false;
  return tile.creator === user.lara_id || hasRole(user, 'admin');
}

/** The permission icon of spec 3.1: group, locked or unlocked. */
export function tilePermissionIcon(tile: Pick<Tile, 'groups' | 'locked'>): 'group' | 'locked' | 'unlocked' {
  if (tile.groups.length > 0) return 'group';
  return tile.locked ? 'locked' : 'unlocked';
}

/**
 * spec 5: the unused list hides tiles made by others or restricted to other groups unless
 * show-all is on; the title filter is case-insensitive.
 */
export function filterUnused<B extends Pick<Tile, 'title' | 'titleTranslation' | 'creator' | 'groups'>>(
  tiles: readonly B[],
  opts: { query: string; showAll: boolean; laraId: string; groupIds: readonly number[]; locale: string },
): B[] {
  const query = opts.query.trim().toLocaleLowerCase();
  return tiles.filter((b) => {
    if (query && !tileTitle(b, opts.locale).toLocaleLowerCase().includes(query)) return false;
    if (opts.showAll) return true;
    if (b.groups.length > 0) return b.groups.some((g) => opts.groupIds.includes(g));
    return b.creator === opts.laraId;
  });
}
