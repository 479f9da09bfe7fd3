import { DeviceIdSchema } from './presence.ts';
import { IdParamSchema, IdSchema, multilineText, text } from './text.ts';
import { z } from './zod.ts';
import { personName } from './names.ts';

// spec 1 (chat), 2.2 /app/chat, 2.5 chat dialogs (user-search, edit-msg, edit-room, create-room, upload,
// preview-img, history-msg), 2.6 the superadmin's chat popover, 3.5 chat_show_seen_indicator, 3.6 rooms,
// private rooms, users added or removed, deletable messages, per-room config, device id at login, 7.3
// /api/matrix/…, 8 "not a room member", "upload failed" (docs/decisions/070-chat.md, 071-event-stream.md,
// 072-chat-rules.md). The chat is built into Aula and stored in PostgreSQL; the paths keep the spec's
// `/api/matrix` prefix so that a bridge to a school's Matrix homeserver can take them over later.

export const MAX_CHAT_ROOM_NAME = 100;
export const MAX_CHAT_MESSAGE = 4000;
export const MAX_CHAT_ROOM_MEMBERS = 2000;
export const MAX_CHAT_REPORT_REASON = 500;
/** A page of messages (newest first from the server; the conversation shows them oldest at the top). */
export const CHAT_PAGE_SIZE = 50;
/** Largest chat upload: a phone photo or a worksheet (decision 070); the school's quotas apply on top. */
export const MAX_CHAT_UPLOAD_BYTES = 10 * 1024 * 1024;

/** Group rooms are made by teachers and admins; a private room is between exactly two people. */
export const CHAT_ROOM_KINDS = ['group', 'private'] as const;
export type ChatRoomKind = (typeof CHAT_ROOM_KINDS)[number];

/** With whom a pupil may start a private chat (school setting chat_student_private, decision 072). */
export const CHAT_STUDENT_PRIVATE = ['classmates', 'teachers', 'none'] as const;
export type ChatStudentPrivate = (typeof CHAT_STUDENT_PRIVATE)[number];

export const ChatPersonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** 'S' pupil, 'L' teacher */
  type: z.string(),
});
export type ChatPerson = z.infer<typeof ChatPersonSchema>;

export const ChatMemberSchema = ChatPersonSchema.extend({
  moderator: z.boolean(),
  /** a member through a group only (removed by removing the group), not added one by one */
  viaGroup: z.boolean(),
});
export type ChatMember = z.infer<typeof ChatMemberSchema>;

/** Per-room config of spec 7.3 /{roomId}/config. */
export const ChatRoomConfigSchema = z.strictObject({
  /** announcements: only moderators post; the others read (and may report) */
  announcements: z.boolean(),
  /** members may send files and photos */
  uploads: z.boolean(),
});
export type ChatRoomConfig = z.infer<typeof ChatRoomConfigSchema>;
export const DEFAULT_CHAT_ROOM_CONFIG: ChatRoomConfig = { announcements: false, uploads: true };

export const ChatFileSchema = z.object({
  name: z.string(),
  /** the type found by magic number, never the name's */
  mime: z.string(),
  size: z.number().int(),
  /** images only (re-encoded without EXIF) */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** GET address of the file for members: /api/matrix/file/{messageId} */
  url: z.string(),
});
export type ChatFile = z.infer<typeof ChatFileSchema>;

export const ChatMessageSchema = z.object({
  id: z.number().int(),
  roomId: z.number().int(),
  /** null once the sender's account is gone */
  sender: ChatPersonSchema.nullable(),
  /** null when deleted */
  body: z.string().nullable(),
  file: ChatFileSchema.nullable(),
  createdAt: z.string(),
  /** the last edit; history-msg lists the versions */
  editedAt: z.string().nullable(),
  deletedAt: z.string().nullable(),
  /** the sender's client id of the send, so a retried send is recognised (idempotent) */
  clientId: z.string().nullable(),
  /** moderators only: open reports of this message */
  reports: z.number().int().optional(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/** A room in the room list (GET /api/matrix/rooms) and at the top of the conversation. */
export const ChatRoomSchema = z.object({
  id: z.number().int(),
  kind: z.enum(CHAT_ROOM_KINDS),
  /** a group room's name; for a private room the other person's name */
  name: z.string(),
  /** private rooms: the other person */
  peer: ChatPersonSchema.nullable(),
  config: ChatRoomConfigSchema,
  unread: z.number().int(),
  lastMessage: ChatMessageSchema.nullable(),
  memberCount: z.number().int(),
  /** the caller's part */
  isModerator: z.boolean(),
  /** the caller may post (not in an announcements room unless moderator; not in a private chat whose other
   * person is blocked or left the school) */
  canPost: z.boolean(),
  /** name, members, moderators, config, delete: the room's owner, its moderators and admins */
  canEdit: z.boolean(),
  /** the caller may report others' messages: group rooms, not for their moderators (a private chat has none) */
  canReport: z.boolean(),
  /** open reports of the room's messages, for its moderators; 0 for everyone else */
  reports: z.number().int(),
  createdAt: z.string(),
});
export type ChatRoom = z.infer<typeof ChatRoomSchema>;
export const ChatRoomListSchema = z.object({ items: z.array(ChatRoomSchema) });
export type ChatRoomList = z.infer<typeof ChatRoomListSchema>;

/** GET /api/matrix/{roomId}: the room with its members (edit-room, the members list). */
export const ChatRoomDetailsSchema = ChatRoomSchema.extend({
  owner: ChatPersonSchema.nullable(),
  members: z.array(ChatMemberSchema),
  groups: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** chat_show_seen_indicator: per member the newest message they have seen; empty when the school turned it off */
  seen: z.array(z.object({ userId: z.number().int(), messageId: z.number().int() })),
});
export type ChatRoomDetails = z.infer<typeof ChatRoomDetailsSchema>;

/** GET /api/matrix/config: what the chat page needs before it opens. */
export const ChatConfigSchema = z.object({
  seenIndicator: z.boolean(),
  /** days a message is kept (chat_retention_days); 0 keeps them */
  retentionDays: z.number().int(),
  maxUploadBytes: z.number().int(),
  /** the kinds of file an upload may be, by name (JPEG, PNG, WebP, GIF, PDF, Word, Excel, PowerPoint,
   * OpenDocument), for the upload dialog's hint and file chooser; the server finds the type from the content */
  uploadTypes: z.array(z.string()),
  /** group rooms: teachers and admins */
  canCreateRooms: z.boolean(),
  /** whether the caller may start any private chat at all */
  canStartPrivate: z.boolean(),
});
export type ChatConfig = z.infer<typeof ChatConfigSchema>;

/** POST /api/matrix/login: registers the tab's device (spec 3.6 "device id at login", 9 characters). */
export const ChatLoginSchema = z.strictObject({ deviceId: DeviceIdSchema });
export const ChatLoginResponseSchema = z.object({ userId: z.number().int(), deviceId: z.string() });

// a name everyone in the room sees: normalised like a person's (decision 081)
const roomName = personName(MAX_CHAT_ROOM_NAME);

/** POST /api/matrix/room (create-room): a group room; the creator is its owner and a moderator. */
export const ChatRoomInputSchema = z.strictObject({
  name: roomName,
  userIds: z.array(IdSchema).max(MAX_CHAT_ROOM_MEMBERS).default([]),
  groupIds: z.array(IdSchema).max(200).default([]),
  /** of userIds */
  moderatorIds: z.array(IdSchema).max(MAX_CHAT_ROOM_MEMBERS).default([]),
  config: ChatRoomConfigSchema.default(DEFAULT_CHAT_ROOM_CONFIG),
});
export type ChatRoomInput = z.input<typeof ChatRoomInputSchema>;

/** PATCH /api/matrix/{roomId} (edit-room): name and moderators (members: /room/addUsers, /room/removeUsers). */
export const ChatRoomPatchSchema = z.strictObject({
  name: roomName.optional(),
  moderator: z.strictObject({ userId: IdSchema, moderator: z.boolean() }).optional(),
});

/** POST /api/matrix/privateroom (user-search): the private room with that person, made if it does not exist. */
export const ChatPrivateRoomInputSchema = z.strictObject({ userId: IdSchema });

/** POST /api/matrix/room/addUsers */
export const ChatAddUsersSchema = z.strictObject({
  roomId: IdSchema,
  userIds: z.array(IdSchema).max(MAX_CHAT_ROOM_MEMBERS).default([]),
  groupIds: z.array(IdSchema).max(200).default([]),
});
/** POST /api/matrix/room/removeUsers: people, or whole groups */
export const ChatRemoveUsersSchema = ChatAddUsersSchema;
/** POST /api/matrix/room/delete */
export const ChatRoomRefSchema = z.strictObject({ roomId: IdSchema });
/** POST /api/matrix/message/delete */
export const ChatMessageRefSchema = z.strictObject({ roomId: IdSchema, messageId: IdSchema });

export const ChatRoomParamSchema = z.strictObject({ roomId: IdParamSchema });
export const ChatMessageParamSchema = z.strictObject({ roomId: IdParamSchema, messageId: IdParamSchema });

/** GET /api/matrix/{roomId}/messages?before=: a page, newest first; `before` pages back by message id. */
export const ChatMessagesQuerySchema = z.strictObject({
  before: IdParamSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(CHAT_PAGE_SIZE),
});
export const ChatMessagePageSchema = z.object({
  items: z.array(ChatMessageSchema),
  /** pass as `before` for the older page; null at the room's first message */
  nextBefore: z.number().int().nullable(),
});
export type ChatMessagePage = z.infer<typeof ChatMessagePageSchema>;

/** A client id makes a send idempotent: the same id twice gives the one message (nothing lost, nothing doubled). */
export const ChatClientIdSchema = text().regex(/^[A-Za-z0-9_-]{8,64}$/);

/** POST /api/matrix/{roomId}/messages */
export const ChatSendSchema = z.strictObject({
  body: multilineText().trim().min(1).max(MAX_CHAT_MESSAGE),
  clientId: ChatClientIdSchema,
});
/** PUT /api/matrix/{roomId}/messages/{messageId} (edit-msg) */
export const ChatEditSchema = z.strictObject({ body: multilineText().trim().min(1).max(MAX_CHAT_MESSAGE) });

/** GET /api/matrix/{roomId}/messages/{messageId}/history (history-msg): every version, oldest first. */
export const ChatHistorySchema = z.object({
  items: z.array(z.object({ body: z.string(), at: z.string() })),
});

/** POST /api/matrix/{roomId}/seen: the newest message the caller has seen. */
export const ChatSeenSchema = z.strictObject({ messageId: IdSchema });

/** POST /api/matrix/{roomId}/messages/{messageId}/report: a pupil tells the room's teacher. */
export const ChatReportSchema = z.strictObject({
  reason: multilineText().trim().max(MAX_CHAT_REPORT_REASON).default(''),
});
/** POST /api/matrix/{roomId}/messages/{messageId}/report/dismiss: a moderator closes the reports of a message. */

/** GET /api/matrix/people?q=&for=private|room: whom the caller may start a private chat with or add to a room. */
export const ChatPeopleQuerySchema = z.strictObject({
  q: text().trim().max(100).optional(),
  for: z.enum(['private', 'room']).default('private'),
});
export const ChatPeopleSchema = z.object({
  people: z.array(ChatPersonSchema),
  /** for=room: groups the caller may add */
  groups: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type ChatPeople = z.infer<typeof ChatPeopleSchema>;
