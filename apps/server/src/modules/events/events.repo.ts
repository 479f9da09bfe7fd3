import { sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { events } from '../../db/schema.ts';

/** The NOTIFY channel every server process LISTENs on (decision 071). */
export const EVENTS_CHANNEL = 'aula_events';

export interface NewEvent {
  schoolId: number;
  /** null: every signed-in user of the school */
  userIds: number[] | null;
  /** only these sessions of those users (a forced sign-out of one session) */
  sessionIds?: number[] | null;
  type: string;
  data: unknown;
  at: Date;
}

/**
 * Writes the event and announces its id with NOTIFY, in the caller's transaction: PostgreSQL delivers the
 * notification only when that transaction commits.
 */
export async function insertEvent(tx: Db, e: NewEvent): Promise<number> {
  const [row] = await tx
    .insert(events)
    .values({
      schoolId: e.schoolId,
      userIds: e.userIds,
      sessionIds: e.sessionIds ?? null,
      type: e.type,
      data: e.data,
      createdAt: e.at,
    })
    .returning({ id: events.id });
  await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${String(row!.id)})`);
  return row!.id;
}
