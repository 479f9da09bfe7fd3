// The tables the chat module owns: only its repos write them (docs/ARCHITECTURE.md "Tables and their owners").
import {
  bigint,
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
import { files } from '../files/files.schema.ts';
import { groups } from '../groups/groups.schema.ts';
import { schools } from '../schools/schools.schema.ts';
import { users } from '../users/users.schema.ts';

// Chat rooms (spec 1, 3.6; decisions 070, 072): group rooms made by teachers and admins, with people and whole
// groups as members, and private rooms between two people (`private_key` "smallerId:largerId" makes the pair
// unique). The per-room config of spec 7.3 is `announcements` (only moderators post) and `uploads`.
export const chatRooms = pgTable(
  'chat_rooms',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    // CHAT_ROOM_KINDS: group, private
    kind: text('kind').notNull(),
    // group rooms only
    name: text('name'),
    // who made a group room: "the room's teacher"; null for private rooms or once the account is gone
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    privateKey: text('private_key'),
    announcements: boolean('announcements').notNull().default(false),
    uploads: boolean('uploads').notNull().default(true),
    // the newest message's time, for the room list's order
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('chat_rooms_private').on(t.schoolId, t.privateKey),
    index('chat_rooms_school').on(t.schoolId, t.kind),
  ],
);

// People added one by one (and both people of a private room), each a moderator or not.
export const chatRoomMembers = pgTable(
  'chat_room_members',
  {
    roomId: integer('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    moderator: boolean('moderator').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.userId] }), index('chat_room_members_user').on(t.userId)],
);

// Whole groups (classes): whoever is in the group is a member, as the group changes.
export const chatRoomGroups = pgTable(
  'chat_room_groups',
  {
    roomId: integer('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.groupId] }), index('chat_room_groups_group').on(t.groupId)],
);

// The newest message each member has seen in a room: unread counts, and the seen indicator when the school
// shows it (chat_show_seen_indicator). Kept apart from the members, as group members have no member row.
export const chatReads = pgTable(
  'chat_reads',
  {
    roomId: integer('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    messageId: bigint('message_id', { mode: 'number' }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.userId] })],
);

// Messages: text and/or one file from the file store. A deleted message keeps its row (shown as "deleted")
// without body or file. `client_id` makes a retried send land once.
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    roomId: integer('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body'),
    fileId: integer('file_id').references(() => files.id, { onDelete: 'set null' }),
    fileName: text('file_name'),
    fileMime: text('file_mime'),
    fileSize: integer('file_size'),
    fileWidth: integer('file_width'),
    fileHeight: integer('file_height'),
    clientId: text('client_id'),
    createdAt: createdAt(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('chat_messages_room_id').on(t.roomId, t.id),
    uniqueIndex('chat_messages_client').on(t.roomId, t.senderId, t.clientId),
    index('chat_messages_school_created').on(t.schoolId, t.createdAt),
    index('chat_messages_sender').on(t.senderId),
  ],
);

// Every earlier version of an edited message (history-msg): the text as it was, and when it was written.
export const chatMessageEdits = pgTable(
  'chat_message_edits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('chat_message_edits_message').on(t.messageId)],
);

// A message a member reported to the room's teacher and moderators (decision 072), open until dismissed or
// the message is deleted. Who reported and why stays with the reporter (decision 077): only the reporter's
// export holds `reporter_id` and `reason`; the moderators see a count, and a moderator's export what they
// decided (`resolution`, `resolved_at`, `resolved_by`).
export const chatReports = pgTable(
  'chat_reports',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    reporterId: integer('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull().default(''),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    // the moderator who closed it; null while open, and when the sender deleted their own message
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    // ReportResolution (chat-messages.repo.ts): dismissed, deleted (by a moderator), sender_deleted; null while open
    resolution: text('resolution'),
  },
  (t) => [
    index('chat_reports_message').on(t.messageId),
    uniqueIndex('chat_reports_once').on(t.messageId, t.reporterId),
  ],
);

// Devices registered at POST /api/matrix/login (spec 3.6 "device id at login", 9 characters).
export const chatDevices = pgTable(
  'chat_devices',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    createdAt: createdAt(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceId] })],
);
