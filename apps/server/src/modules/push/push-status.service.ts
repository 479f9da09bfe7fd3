// What admins see of push (decision 073): the dashboard's status, the diagnostics' integration state, and the
// retention of the delivery log.
import { PUSH_LOG_DAYS, type PushStatusResponse } from '@aula/contracts';
import { featureOn, type Ctx } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import { DAY_MS, type Job } from '../../core/job.ts';
import { loadPushKeys } from './push-keys.service.ts';
import { deleteLogsBefore, findPushFigures } from './push-queue.repo.ts';

/** Push works for the school: the feature is on and its keys open. */
export async function pushEnabled(
  parts: Pick<Ctx, 'db' | 'secretKey' | 'publicOrigin' | 'clock' | 'config'>,
  schoolId: number,
): Promise<{ enabled: boolean; vapidKey: string | null }> {
  if (!(await featureOn(parts, 'push'))) return { enabled: false, vapidKey: null };
  const keys = await loadPushKeys(parts, schoolId);
  return keys ? { enabled: true, vapidKey: keys.publicKey } : { enabled: false, vapidKey: null };
}

/** GET /api/config/firebase-backend: the dashboard's push status; never the private key. */
export async function getPushStatus(ctx: Ctx): Promise<PushStatusResponse> {
  const now = ctx.clock();
  const keys = await loadPushKeys(ctx, ctx.schoolId);
  const figures = await findPushFigures(ctx.db, ctx.schoolId, now, new Date(now.getTime() - DAY_MS));
  return {
    enabled: (await featureOn(ctx, 'push')) && keys !== null,
    vapidKey: keys?.publicKey ?? null,
    keysCreatedAt: keys?.createdAt.toISOString() ?? null,
    contact: keys?.contact ?? '',
    devices: figures.devices,
    queued: figures.queued,
    held: figures.held,
    sent24h: figures.sent24h,
    failed24h: figures.failed24h,
    lastFailure: figures.lastFailure
      ? { at: figures.lastFailure.at.toISOString(), status: figures.lastFailure.status }
      : null,
  };
}

/** GET /api/status: push counts as configured when the school has switched it on and its keys open. */
export async function pushConfigured(
  parts: Pick<Ctx, 'db' | 'secretKey' | 'publicOrigin' | 'clock' | 'config'>,
  schoolId: number,
): Promise<boolean> {
  return (await pushEnabled(parts, schoolId)).enabled;
}

export function deleteOldPushLogs(db: Db, schoolId: number, now: Date): Promise<number> {
  return deleteLogsBefore(db, schoolId, new Date(now.getTime() - PUSH_LOG_DAYS * DAY_MS));
}

/** Keeps the delivery log PUSH_LOG_DAYS (the dashboard shows the last day). */
export const pushLogCleanupJob: Job = {
  name: 'push-log-cleanup',
  intervalMs: DAY_MS,
  run: (ctx) => deleteOldPushLogs(ctx.db, ctx.schoolId, ctx.clock()),
};
