// The tables the bbb module owns: only its repos write them (docs/ARCHITECTURE.md "Tables and their owners").
import {
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/common-columns.ts';
import { groups } from '../groups/groups.schema.ts';
import { schools } from '../schools/schools.schema.ts';
import { users } from '../users/users.schema.ts';

// Video rooms (spec 1, 2.2, 3.6, 4.6; decision 067): a room of the school, owned by who created it, with people
// and whole groups as members, moderators among the people, settings passed to BigBlueButton on create, and a
// code for /b/{code} that a moderator can replace (revoking the old guest link). The meeting on the BBB
// server has the stable id `meeting_id`; the passwords are for servers older than BBB 2.4's join `role`.
export const bbbRooms = pgTable(
  'bbb_rooms',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    // the owner: deleting the person deletes their rooms
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    code: text('code').notNull(),
    meetingId: text('meeting_id').notNull(),
    attendeePw: text('attendee_pw').notNull(),
    moderatorPw: text('moderator_pw').notNull(),
    muteOnJoin: boolean('mute_on_join').notNull().default(true),
    // ROOM_GUEST_POLICIES: none, always, approval
    guestPolicy: text('guest_policy').notNull().default('none'),
    anyoneCanStart: boolean('anyone_can_start').notNull().default(false),
    maxParticipants: integer('max_participants'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bbb_rooms_code').on(t.code),
    uniqueIndex('bbb_rooms_meeting').on(t.meetingId),
    index('bbb_rooms_school_name').on(t.schoolId, t.name),
    index('bbb_rooms_owner').on(t.ownerId),
  ],
);

// People added one by one, each a moderator or not (spec 4.6 promote/revoke).
export const bbbRoomMembers = pgTable(
  'bbb_room_members',
  {
    roomId: integer('room_id')
      .notNull()
      .references(() => bbbRooms.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    moderator: boolean('moderator').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.userId] }), index('bbb_room_members_user').on(t.userId)],
);

// Whole groups (classes): whoever is in the group is a member, as the group changes.
export const bbbRoomGroups = pgTable(
  'bbb_room_groups',
  {
    roomId: integer('room_id')
      .notNull()
      .references(() => bbbRooms.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.groupId] }), index('bbb_room_groups_group').on(t.groupId)],
);

// Room codes that were looked up and did not exist (decision 067): a signed-in caller's misses by their user
// id, a visitor's by address (an IPv6 address by its /64), exactly one of the two per row. GET /api/bbb/{code}
// and its join refuse a caller with too many of them, so codes cannot be guessed. A job deletes rows older
// than an hour.
export const bbbCodeMisses = pgTable(
  'bbb_code_misses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    ip: text('ip'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('bbb_code_misses_ip_at').on(t.ip, t.at),
    index('bbb_code_misses_user_at').on(t.userId, t.at),
    index('bbb_code_misses_at').on(t.at),
  ],
);
