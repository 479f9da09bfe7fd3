// The tables the groups module owns: only its repos write them (docs/ARCHITECTURE.md "Tables and their owners").
import { index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/common-columns.ts';
import { schools } from '../schools/schools.schema.ts';
import { users } from '../users/users.schema.ts';

export const groups = pgTable(
  'groups',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type', { enum: ['class', 'course', 'staff', 'other'] })
      .notNull()
      .default('class'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('groups_school_name').on(t.schoolId, t.name)],
);

export const groupMembers = pgTable(
  'group_members',
  {
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('group_members_user').on(t.userId)],
);
