import { z } from 'zod';

export const GROUP_TYPES = ['class', 'course', 'staff', 'other'] as const;
export const GroupTypeSchema = z.enum(GROUP_TYPES);

export const GroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: GroupTypeSchema,
});
export type Group = z.infer<typeof GroupSchema>;

/** GET /api/groups (spec 7.2: filters type, account) */
export const GroupsQuerySchema = z.strictObject({
  type: GroupTypeSchema.optional(),
  account: z.coerce.number().int().positive().optional(),
});
export const GroupListSchema = z.array(GroupSchema);
