// The tables the messages module owns: only its repos write them (docs/ARCHITECTURE.md "Tables and their owners").
import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/common-columns.ts';
import { groups } from '../groups/groups.schema.ts';
import { schools } from '../schools/schools.schema.ts';
import { users } from '../users/users.schema.ts';

// Admin messages (spec 3.6, 7.3): texts per language, for target groups (none: everyone), in a time window.
export const adminMessages = pgTable(
  'admin_messages',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['normal', 'warning', 'attention'] })
      .notNull()
      .default('normal'),
    title: jsonb('title').$type<Record<string, string>>().notNull().default({}),
    body: jsonb('body').$type<Record<string, string>>().notNull().default({}),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index('admin_messages_school').on(t.schoolId, t.startsAt)],
);

export const adminMessageGroups = pgTable(
  'admin_message_groups',
  {
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    messageId: integer('message_id')
      .notNull()
      .references(() => adminMessages.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.groupId] })],
);

export const adminMessageSeen = pgTable(
  'admin_message_seen',
  {
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    messageId: integer('message_id')
      .notNull()
      .references(() => adminMessages.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId] }), index('admin_message_seen_user').on(t.userId)],
);
