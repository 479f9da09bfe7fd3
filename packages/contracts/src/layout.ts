import { z } from './zod.ts';
import { IdSchema, text } from './text.ts';
import { TileSchema } from './apps.ts';
import { MAX_LAYOUT_TILES } from './constants.ts';

// spec 3.2: three categories
export const LAYOUT_TYPES = ['logged-in', 'logged-out', 'personal'] as const;
export const LayoutTypeSchema = z.enum(LAYOUT_TYPES);
export type LayoutType = z.infer<typeof LayoutTypeSchema>;

const idList = text()
  .regex(/^\d{1,10}(,\d{1,10}){0,49}$/)
  .transform((value) => [...new Set(value.split(',').map(Number))]);

/**
 * GET /api/layout (spec 7.2): layoutType, the unused flag (true in edit mode) and groups for a preview
 * (the layout as a member of those groups sees it; teachers: their own groups, admins: any).
 */
export const LayoutQuerySchema = z.strictObject({
  layoutType: LayoutTypeSchema.optional(),
  unused: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  groups: idList.optional(),
});
export type LayoutQuery = z.infer<typeof LayoutQuerySchema>;

/** spec 3.2: layoutType, layout (tiles), unused, updateId; `version` is the ETag the client sends back. */
export const LayoutResponseSchema = z.object({
  layoutType: LayoutTypeSchema,
  layout: z.array(TileSchema),
  unused: z.array(TileSchema),
  updateId: z.number().int(),
  version: z.string(),
});
export type LayoutResponse = z.infer<typeof LayoutResponseSchema>;

/** POST /api/layout (spec 7.2): the tile ids in order; private for personal, signedOut for logged-out. */
export const LayoutSaveSchema = z.strictObject({
  layout: z.array(IdSchema).max(MAX_LAYOUT_TILES),
  private: z.boolean(),
  signedOut: z.boolean(),
});
export type LayoutSave = z.infer<typeof LayoutSaveSchema>;

/** Which layout a save writes (spec 7.2 flags; private wins over signedOut). */
export function layoutTypeOfSave(save: Pick<LayoutSave, 'private' | 'signedOut'>): LayoutType {
  if (save.private) return 'personal';
  return save.signedOut ? 'logged-out' : 'logged-in';
}

/** spec 4.5: unsaved changes exist when the displayed order differs from the original. */
export function layoutChanged(original: readonly number[], shown: readonly number[]): boolean {
  return original.length !== shown.length || original.some((id, index) => shown[index] !== id);
}
