// The chat's retention (decision 072): messages older than chat_retention_days go with their files, edits and
// reports; 0 keeps them. At start, then daily, per school through the same service the routes use.
import type { Ctx } from '../../context.ts';
import { transaction } from '../../db/index.ts';
import { DAY_MS, type Job } from '../../core/job.ts';
import { audit } from '../audit/audit.service.ts';
import { configValues } from '../config/config.service.ts';
import { deleteFiles, lockFiles } from '../files/files.service.ts';
import { parseRetentionDays } from './chat-access.ts';
import { deleteMessagesBefore } from './chat-messages.repo.ts';

/** Messages deleted per transaction: a school with years of chat is cleaned up in short steps. */
const BATCH = 2000;

/**
 * Deletes the school's messages written more than chat_retention_days before now (the injected clock), with
 * their files; audited with the count. No events: a year-old message is far beyond any open page's replay.
 * chat_retention_days comes from the run's snapshot (jobContext: one read per school and run, decision 085).
 */
export async function deleteExpiredMessages(ctx: Ctx): Promise<number> {
  const { chat_retention_days } = await configValues(ctx, ['chat_retention_days']);
  const days = parseRetentionDays(chat_retention_days);
  if (days === 0) return 0;
  const cutoff = new Date(ctx.clock().getTime() - days * DAY_MS);
  let total = 0;
  for (;;) {
    const count = await transaction(ctx.db, async (tx) => {
      await lockFiles(tx, ctx.schoolId);
      const { count, fileIds } = await deleteMessagesBefore(tx, ctx.schoolId, cutoff, BATCH);
      await deleteFiles(tx, ctx.schoolId, fileIds);
      return count;
    });
    total += count;
    if (count < BATCH) break;
  }
  if (total > 0)
    await audit(ctx, 'chat.retention_delete', {
      details: { deleted: total, days, before: cutoff.toISOString() },
    });
  return total;
}

export const chatRetentionJob: Job = {
  name: 'chat-retention',
  intervalMs: DAY_MS,
  run: async (ctx) => ({ deleted: await deleteExpiredMessages(ctx) }),
};
