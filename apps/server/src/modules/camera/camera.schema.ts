// The tables the camera module owns: only its repos write them (docs/ARCHITECTURE.md "Tables and their owners").
import { index, integer, pgTable, serial } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/common-columns.ts';
import { files } from '../files/files.schema.ts';
import { schools } from '../schools/schools.schema.ts';
import { users } from '../users/users.schema.ts';

// Camera pictures (spec 1, 2.2; decision 063): a picture of one person, taken by themself or their teacher.
// The photo and its thumbnail are files of the file store; deleting the person deletes their pictures.
export const cameraPictures = pgTable(
  'camera_pictures',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    // the person in the picture
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    takenBy: integer('taken_by').references(() => users.id, { onDelete: 'set null' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'restrict' }),
    thumbFileId: integer('thumb_file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'restrict' }),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('camera_pictures_user').on(t.schoolId, t.userId, t.createdAt)],
);
