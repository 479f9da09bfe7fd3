// Raising events for the live stream (decision 071). Other modules call `publishEvent` inside the transaction
// of the change the event reports; the stream itself (routes, fan-out, replay) lives beside it.
import type { EventData, EventType } from '@aula/contracts';
import type { Db } from '../../db/index.ts';
import { insertEvent } from './events.repo.ts';

export interface EventAudience {
  schoolId: number;
  /** null: every signed-in user of the school */
  userIds: readonly number[] | null;
  sessionIds?: readonly number[];
}

export function publishEvent<T extends EventType>(
  tx: Db,
  to: EventAudience,
  type: T,
  data: EventData<T>,
  at: Date,
): Promise<number> {
  return insertEvent(tx, {
    schoolId: to.schoolId,
    userIds: to.userIds ? [...new Set(to.userIds)] : null,
    sessionIds: to.sessionIds ? [...to.sessionIds] : null,
    type,
    data,
    at,
  });
}
