import { EVENT_REPLAY_MS } from '@aula/contracts';
import type { Job } from '../../core/job.ts';
import { deleteOldEvents } from './events.service.ts';

/** Deletes events older than the replay window (decision 071); a reconnect after that gets `reset`. */
export const eventsCleanupJob: Job = {
  name: 'events-cleanup',
  intervalMs: EVENT_REPLAY_MS,
  run: (ctx) => deleteOldEvents(ctx),
};
