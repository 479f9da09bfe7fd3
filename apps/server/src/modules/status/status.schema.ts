// The tables the status module owns: only its repos write them (docs/ARCHITECTURE.md "Tables and their owners").
import { bigserial, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { schools } from '../schools/schools.schema.ts';

// Device statistics (spec 7.4 POST /api/statistics): one row per device and day, no user id (no per-pupil tracking).
export const deviceDays = pgTable(
  'device_days',
  {
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    day: text('day').notNull(),
    role: text('role').notNull(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.day, t.deviceId] })],
);

// Unexpected server errors (500s) for the dashboard's debug tab: what failed where, never a request body.
export const errorLog = pgTable(
  'error_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    schoolId: integer('school_id').references(() => schools.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    requestId: text('request_id'),
    method: text('method').notNull(),
    route: text('route').notNull(),
    status: integer('status').notNull(),
    name: text('name').notNull(),
    message: text('message').notNull(),
  },
  (t) => [index('error_log_school_at').on(t.schoolId, t.at)],
);
