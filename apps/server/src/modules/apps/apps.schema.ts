// The tables the apps module owns: only its repos write them (docs/ARCHITECTURE.md "Tables and their owners").
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/common-columns.ts';
import { files } from '../files/files.schema.ts';
import { groups } from '../groups/groups.schema.ts';
import { schools } from '../schools/schools.schema.ts';
import { users } from '../users/users.schema.ts';

// spec 3.1: every field of an app tile
export const apps = pgTable(
  'apps',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    url: text('url'),
    iconName: text('icon_name').notNull().default('message-circle-question'),
    iconColor: text('icon_color'),
    iconFileId: integer('icon_file_id').references(() => files.id, { onDelete: 'set null' }),
    color: text('color').notNull(),
    public: boolean('public').notNull().default(false),
    target: text('target', { enum: ['iframe', 'link', 'newTab', 'download'] })
      .notNull()
      .default('newTab'),
    type: text('type'),
    appTypeId: integer('app_type_id'),
    config: text('config'),
    fileId: integer('file_id').references(() => files.id, { onDelete: 'set null' }),
    locked: boolean('locked').notNull().default(false),
    creatorId: integer('creator_id').references(() => users.id, { onDelete: 'set null' }),
    wantedPerms: text('wanted_perms', { enum: ['private', 'groups', 'everyone'] })
      .notNull()
      .default('everyone'),
    titleTranslation: jsonb('title_translation').$type<Record<string, string>>().notNull().default({}),
    // the last embed check of an iframe tile: true, false (the site refuses framing) or null (unknown)
    embeddable: boolean('embeddable'),
    embedCheckedAt: timestamp('embed_checked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('apps_school').on(t.schoolId)],
);

export const appGroups = pgTable(
  'app_groups',
  {
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.appId, t.groupId] })],
);
