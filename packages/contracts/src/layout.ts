import { z } from 'zod';
import { BubbleSchema } from './apps.ts';

// spec 3.2: three categories
export const LAYOUT_TYPES = ['logged-in', 'logged-out', 'personal'] as const;
export const LayoutTypeSchema = z.enum(LAYOUT_TYPES);
export type LayoutType = z.infer<typeof LayoutTypeSchema>;

/** GET /api/layout (spec 7.2) */
export const LayoutQuerySchema = z.strictObject({
  layoutType: LayoutTypeSchema.optional(),
});
export type LayoutQuery = z.infer<typeof LayoutQuerySchema>;

/** spec 3.2: layoutType, layout (bubbles), unused, updateId */
export const LayoutResponseSchema = z.object({
  layoutType: LayoutTypeSchema,
  layout: z.array(BubbleSchema),
  unused: z.array(BubbleSchema),
  updateId: z.number().int(),
});
export type LayoutResponse = z.infer<typeof LayoutResponseSchema>;
