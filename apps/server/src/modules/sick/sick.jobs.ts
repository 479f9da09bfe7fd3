import { DAY_MS, type Job } from '../../core/job.ts';
import { deleteExpiredNotices } from './sick.service.ts';

/** Deletes notices (and their photos) sick_retention_days after their last day: at start, then daily. */
export const sickRetentionJob: Job = {
  name: 'sick-retention',
  intervalMs: DAY_MS,
  run: async (ctx) => ({ deleted: await deleteExpiredNotices(ctx) }),
};
