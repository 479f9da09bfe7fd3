// What a scheduled job is (decision 062), below every module (issue 33): modules declare their jobs with it,
// plugins/jobs.ts runs them.
import type { Ctx } from '../context.ts';

export const DAY_MS = 24 * 60 * 60 * 1000;

export interface Job {
  /** a stable name, in logs */
  name: string;
  /** how long between two runs after the one at start */
  intervalMs: number;
  /** the work for one school; what it returns is logged */
  run: (ctx: Ctx) => Promise<unknown>;
}
