import { z } from './zod.ts';

/** GET /api/health (DESIGN.md) */
export const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  db: z.enum(['up', 'down']),
});
export type Health = z.infer<typeof HealthSchema>;
