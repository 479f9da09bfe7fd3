// The tables the events module owns: only its repos write them (docs/ARCHITECTURE.md "Tables and their owners").
import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { schools } from '../schools/schools.schema.ts';

// Events of the live stream GET /api/events (decision 071), kept EVENT_REPLAY_MS for reconnects with
// Last-Event-ID. An event goes to the users in `user_ids`, or to every signed-in user of the school when it
// is null; `session_ids` narrows it to sessions (a forced sign-out of one session). Written in the
// transaction of the change it reports, and announced by NOTIFY so every server process hears it.
export const events = pgTable(
  'events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    userIds: integer('user_ids').array(),
    sessionIds: bigint('session_ids', { mode: 'number' }).array(),
    type: text('type').notNull(),
    data: jsonb('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('events_school_id').on(t.schoolId, t.id), index('events_created').on(t.createdAt)],
);
