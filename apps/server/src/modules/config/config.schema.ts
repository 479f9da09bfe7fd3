// The tables the config module owns: only its repos write them (docs/ARCHITECTURE.md "Tables and their owners").
import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { schools } from '../schools/schools.schema.ts';

export const config = pgTable(
  'config',
  {
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: text('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.key] })],
);

// Per-key, per-language texts (spec 3.5): imprint, terms, the login message, help texts.
export const configTexts = pgTable(
  'config_texts',
  {
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    lang: text('lang').notNull(),
    text: text('text').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.key, t.lang] })],
);
