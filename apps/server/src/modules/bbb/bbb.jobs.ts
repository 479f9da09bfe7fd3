import type { Job } from '../../core/job.ts';
import { CODE_MISS_WINDOW_MS, forgetCodeMisses } from './bbb-join.service.ts';

/** Deletes room-code misses older than the hour they count (decision 067), of every caller: hourly. */
export const bbbCodeMissesJob: Job = {
  name: 'bbb-code-misses',
  intervalMs: CODE_MISS_WINDOW_MS,
  run: async (ctx) => ({ deleted: await forgetCodeMisses(ctx) }),
};
