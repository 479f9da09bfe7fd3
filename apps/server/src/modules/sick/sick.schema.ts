// The tables the sick module owns: only its repos write them (docs/ARCHITECTURE.md "Tables and their owners").
import { date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/common-columns.ts';
import { files } from '../files/files.schema.ts';
import { schools } from '../schools/schools.schema.ts';
import { users } from '../users/users.schema.ts';

// Sick notices (spec 3.6, 4.6; decision 062): who is absent, from which day to which, a message and an
// optional photo; processed by a teacher of the pupil's groups or an admin. Deleted `sick_retention_days`
// after `ends` by the retention job.
export const sickNotices = pgTable(
  'sick_notices',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    // the person who is absent
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // who entered it: the person, or a teacher after a parent's call
    reportedBy: integer('reported_by').references(() => users.id, { onDelete: 'set null' }),
    begins: date('begins', { mode: 'string' }).notNull(),
    ends: date('ends', { mode: 'string' }).notNull(),
    message: text('message').notNull().default(''),
    photoFileId: integer('photo_file_id').references(() => files.id, { onDelete: 'set null' }),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    processedBy: integer('processed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('sick_notices_school_created').on(t.schoolId, t.createdAt),
    index('sick_notices_user').on(t.userId),
    index('sick_notices_school_ends').on(t.schoolId, t.ends),
  ],
);
