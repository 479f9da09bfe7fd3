// The tables the layout module owns: only its repos write them (docs/ARCHITECTURE.md "Tables and their owners").
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { apps } from '../apps/apps.schema.ts';
import { schools } from '../schools/schools.schema.ts';
import { users } from '../users/users.schema.ts';

// spec 3.2: three categories, each with an updateId; personal layouts belong to one user
export const layouts = pgTable(
  'layouts',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    category: text('category', { enum: ['logged-in', 'logged-out', 'personal'] }).notNull(),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    updateId: integer('update_id').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('layouts_school_category_owner').on(t.schoolId, t.category, sql`coalesce(${t.ownerId}, 0)`),
  ],
);

export const layoutItems = pgTable(
  'layout_items',
  {
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    layoutId: integer('layout_id')
      .notNull()
      .references(() => layouts.id, { onDelete: 'cascade' }),
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    // when the tile was put on this layout: the `new` flag compares it (decision 023)
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.layoutId, t.appId] }), index('layout_items_app').on(t.appId)],
);

// Which tiles a user has opened, and when: clears their `new` flag (decision 023)
export const appOpens = pgTable(
  'app_opens',
  {
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.appId] }), index('app_opens_app').on(t.appId)],
);

// Tile opens per tile and day, for the statistics tab: a count, never who opened it (no per-pupil tracking).
export const appOpenDays = pgTable(
  'app_open_days',
  {
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.appId, t.day] })],
);
