import { z } from 'zod';

export const EDIT_TABS = ['personal', 'logged-out', 'logged-in', 'groups'] as const;
export type EditTab = (typeof EDIT_TABS)[number];

/** Search parameters of /edit: the tab (spec 2.5 app-layout tabs), the previewed groups, the tile a dialog edits. */
export const EditSearchSchema = z.object({
  tab: z.enum(EDIT_TABS).optional().catch(undefined),
  groups: z
    .string()
    .regex(/^\d+(,\d+)*$/)
    .optional()
    .catch(undefined),
  app: z.coerce.number().int().positive().optional().catch(undefined),
});
export type EditSearch = z.infer<typeof EditSearchSchema>;

export function parseGroupIds(value: string | undefined): number[] {
  if (!value) return [];
  return [...new Set(value.split(',').map(Number))].filter((n) => Number.isInteger(n) && n > 0);
}
