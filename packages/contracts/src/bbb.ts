import { IdParamSchema, IdSchema, PageSchema, perPageSchema, text } from './text.ts';
import { z } from './zod.ts';
import { normalizeRoomCode } from './plain/bbb.ts';
import { GuestNameSchema, personName } from './names.ts';

export * from './plain/bbb.ts';

// spec 1 (video-conference rooms with shareable room pages), 2.2 /app/bigbluebutton, /new, /edit, /b/{id},
// 2.5 bbb dialogs, 3.6 room list filters and join name, 4.6 promote/revoke moderator, 6 room creation level,
// 7.3 GET, POST /api/bbb; GET, DELETE, PATCH /api/bbb/{id}; GET /api/bbb/{id}/join (name), 8 "max users",
// "not a room member" (docs/decisions/067-video-rooms.md). Video runs on the school's BigBlueButton server
// through its published HTTP API; rooms, members, moderators and guest codes live in our database.

export const MAX_ROOM_NAME = 100;
export const MAX_ROOMS_PER_PAGE = 100;
/** The largest room a school may set; BBB itself has no fixed limit, a school's server rarely carries more. */
export const MAX_ROOM_PARTICIPANTS = 500;
export const MAX_ROOM_MEMBERS = 2000;
/**
 * Room codes looked up in vain within an hour before GET /api/bbb/{code} and its join answer 429 (decision
 * 067), counted per user when signed in and per address (IPv6: per /64) for visitors: with 31^9 codes,
 * guessing is hopeless at this rate, and one pupil behind the school's NAT cannot lock the others out.
 */
export const ROOM_CODE_MISSES_PER_HOUR = 50;
/** How often the waiting state asks again whether a moderator has started the meeting. */
export const ROOM_WAIT_POLL_MS = 5000;

/** BBB's guest policy (create parameter guestPolicy): no guests, guests join at once, or after a moderator lets them in. */
export const ROOM_GUEST_POLICIES = ['none', 'always', 'approval'] as const;
export type RoomGuestPolicy = (typeof ROOM_GUEST_POLICIES)[number];

/** The room list's filter of spec 3.6 roomType: all I can see, the rooms I own, the rooms shared with me. */
export const ROOM_TYPES = ['all', 'own', 'shared'] as const;
export type RoomType = (typeof ROOM_TYPES)[number];

/** The BigBlueButton checksum algorithms (a server's `checksumAlgorithm`; sha1 is the old default). */
export const BBB_CHECKSUM_ALGORITHMS = ['sha1', 'sha256', 'sha512'] as const;
export type BbbChecksumAlgorithm = (typeof BBB_CHECKSUM_ALGORITHMS)[number];

export const RoomPersonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** 'S' pupil, 'L' teacher */
  type: z.string(),
});
export type RoomPerson = z.infer<typeof RoomPersonSchema>;

export const RoomMemberSchema = RoomPersonSchema.extend({ moderator: z.boolean() });
export type RoomMember = z.infer<typeof RoomMemberSchema>;

export const RoomSettingsSchema = z.object({
  muteOnJoin: z.boolean(),
  guestPolicy: z.enum(ROOM_GUEST_POLICIES),
  /** anyone who may join may start the meeting; otherwise only moderators, and members wait */
  anyoneCanStart: z.boolean(),
  /** null: no limit beyond the server's */
  maxParticipants: z.number().int().min(2).max(MAX_ROOM_PARTICIPANTS).nullable(),
});
export type RoomSettings = z.infer<typeof RoomSettingsSchema>;

export const DEFAULT_ROOM_SETTINGS: RoomSettings = {
  muteOnJoin: true,
  guestPolicy: 'none',
  anyoneCanStart: false,
  maxParticipants: null,
};

/** A room as its members see it in the list and in room-details. */
export const RoomSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** the code of /b/{code}; changes when a moderator revokes the guest link */
  code: z.string(),
  owner: RoomPersonSchema,
  settings: RoomSettingsSchema,
  /** the groups whose members are members (names only) */
  groups: z.array(z.object({ id: z.number().int(), name: z.string() })),
  memberCount: z.number().int(),
  /** the caller's part */
  isOwner: z.boolean(),
  isModerator: z.boolean(),
  /** change name, members, moderators, settings; delete (the owner and admins) */
  canEdit: z.boolean(),
  createdAt: z.string(),
});
export type Room = z.infer<typeof RoomSchema>;

/** GET /api/bbb/{id} for a member: the room with its people (room-details, /edit). */
export const RoomDetailsSchema = RoomSchema.extend({
  /** people added one by one, with their moderator flag (group members are not listed one by one) */
  members: z.array(RoomMemberSchema),
  /** whether the meeting runs now; null when no video server is configured or it did not answer */
  running: z.boolean().nullable(),
  participantCount: z.number().int().nullable(),
});
export type RoomDetails = z.infer<typeof RoomDetailsSchema>;

/**
 * GET /api/bbb/{code} for anyone with the code (/b/{code}, no login): only what a guest needs; never members,
 * owner or the school's other data.
 */
export const PublicRoomSchema = z.object({
  code: z.string(),
  name: z.string(),
  running: z.boolean().nullable(),
  guestPolicy: z.enum(ROOM_GUEST_POLICIES),
  /** whether a video server is configured at all */
  serverConfigured: z.boolean(),
  /** the signed-in caller is a member: the page shows them as one (their name, no name field) */
  member: z.boolean(),
  /** the room's numeric id, only for members */
  id: z.number().int().nullable(),
});
export type PublicRoom = z.infer<typeof PublicRoomSchema>;

export const RoomListQuerySchema = z.strictObject({
  page: PageSchema,
  perPage: perPageSchema(MAX_ROOMS_PER_PAGE, 20),
  q: text().trim().max(100).optional(),
  roomType: z.enum(ROOM_TYPES).default('all'),
  /** admins: every room of the school, not only their own and shared ones */
  showAll: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export type RoomListQuery = z.input<typeof RoomListQuerySchema>;

export const RoomListSchema = z.object({ items: z.array(RoomSchema), total: z.number().int() });
export type RoomList = z.infer<typeof RoomListSchema>;

// a name everyone in the room sees: normalised like a person's (decision 081)
const roomName = personName(MAX_ROOM_NAME);

/** POST /api/bbb (create-room, /app/bigbluebutton/new). The creator becomes owner and moderator. */
export const RoomInputSchema = z.strictObject({
  name: roomName,
  /** people added one by one */
  userIds: z.array(IdSchema).max(MAX_ROOM_MEMBERS).default([]),
  /** whole groups (classes): their members are members */
  groupIds: z.array(IdSchema).max(200).default([]),
  /** of userIds (spec 4.6 promote); the owner is always a moderator */
  moderatorIds: z.array(IdSchema).max(MAX_ROOM_MEMBERS).default([]),
  settings: RoomSettingsSchema.default(DEFAULT_ROOM_SETTINGS),
});
export type RoomInput = z.input<typeof RoomInputSchema>;

/**
 * PATCH /api/bbb/{id}: any part; lists replace the stored ones. `revokeCode` gives the room a new code (the old
 * guest link and code stop working; moderators may do this, the rest is the owner's and admins').
 * `moderator` promotes or revokes one member (spec 4.6).
 */
export const RoomPatchSchema = z.strictObject({
  name: roomName.optional(),
  userIds: z.array(IdSchema).max(MAX_ROOM_MEMBERS).optional(),
  groupIds: z.array(IdSchema).max(200).optional(),
  moderatorIds: z.array(IdSchema).max(MAX_ROOM_MEMBERS).optional(),
  settings: RoomSettingsSchema.partial().optional(),
  revokeCode: z.literal(true).optional(),
  moderator: z.strictObject({ userId: IdSchema, moderator: z.boolean() }).optional(),
});
export type RoomPatch = z.input<typeof RoomPatchSchema>;

/** GET /api/bbb/people?q=: whom the caller may add to a room (decision 067), people and groups matching q. */
export const RoomPeopleQuerySchema = z.strictObject({ q: text().trim().max(100).optional() });
export const RoomPeopleSchema = z.object({
  people: z.array(RoomPersonSchema),
  groups: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type RoomPeople = z.infer<typeof RoomPeopleSchema>;

/** {id} of /api/bbb/{id}: a room's number (members) or its code (/b/{code}, anyone who has it). */
export const RoomRefSchema = z.union([
  IdParamSchema,
  text()
    .max(20)
    .transform((v, ctx) => {
      const code = normalizeRoomCode(v);
      if (!code) {
        ctx.addIssue({ code: 'custom', message: 'a room number or a room code like abc-234-xyz' });
        return z.NEVER;
      }
      return code;
    }),
]);
export const RoomRefParamSchema = z.strictObject({ id: RoomRefSchema });

/** GET /api/bbb/{id}/join: the display name; a member's own name when empty, required of guests. */
export const RoomJoinQuerySchema = z.strictObject({
  // normalised (decision 081): a name of invisible characters only is no name
  name: GuestNameSchema.optional(),
});

/**
 * The answer of a join: `ready` with the signed BBB join address to go to, or `waiting` when the meeting does
 * not run yet and the caller may not start it (the page asks again every ROOM_WAIT_POLL_MS).
 * Refusals are errors, never 418 (decision 067: 418 signs out everywhere else): 403 bbb.not_member,
 * 403 bbb.guests_not_allowed, 422 bbb.guest_name_required, 409 bbb.max_users, 409 bbb.no_server,
 * 504 bbb.server_error (not 502: the web app takes any 502 for "the API is down", spec 4.4).
 */
export const RoomJoinSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('ready'), url: z.string() }),
  z.object({ status: z.literal('waiting') }),
]);
export type RoomJoin = z.infer<typeof RoomJoinSchema>;

/** The school's BigBlueButton server as the admin edits it (dashboard; the secret is write-only). */
export const BbbSettingsSchema = z.strictObject({
  /** the API address, e.g. https://bbb.example.org/bigbluebutton/api */
  url: text()
    .trim()
    .max(500)
    .regex(/^[^\s]*$/)
    .refine(
      (v) => {
        try {
          const url = new URL(v);
          return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
        } catch {
          return false;
        }
      },
      { message: 'an http(s) address without user or password' },
    ),
  checksumAlgorithm: z.enum(BBB_CHECKSUM_ALGORITHMS).default('sha256'),
  /** the server stands in the school's own network (a private address): allow it past the address guard */
  allowInternal: z.boolean().default(false),
});
export type BbbSettings = z.infer<typeof BbbSettingsSchema>;

/** PUT /api/config/bbb: settings and secret; an empty or missing secret keeps the stored one. null settings: remove. */
export const BbbSettingsUpdateSchema = z.strictObject({
  settings: BbbSettingsSchema.nullable(),
  secret: text().trim().max(500).optional(),
});
export type BbbSettingsUpdate = z.input<typeof BbbSettingsUpdateSchema>;

/** GET /api/config/bbb (admins): never the secret, only whether one is stored. */
export const BbbSettingsViewSchema = z.object({
  settings: BbbSettingsSchema.nullable(),
  secretSet: z.boolean(),
});
export type BbbSettingsView = z.infer<typeof BbbSettingsViewSchema>;

/** What a connection test found: ok, or the one thing that is wrong. */
export const BBB_TEST_PROBLEMS = [
  'not_configured',
  'blocked_address',
  'unreachable',
  'timeout',
  'not_bbb',
  'wrong_secret',
  'server_error',
] as const;
export type BbbTestProblem = (typeof BBB_TEST_PROBLEMS)[number];

/** POST /api/config/bbb/test: the stored settings, or the ones in the body before saving. */
export const BbbTestInputSchema = z.strictObject({
  settings: BbbSettingsSchema.optional(),
  secret: text().trim().max(500).optional(),
});
export const BbbTestResultSchema = z.object({
  ok: z.boolean(),
  problem: z.enum(BBB_TEST_PROBLEMS).nullable(),
  /** the server's version when it answered (BBB's <version>) */
  version: z.string().nullable(),
});
export type BbbTestResult = z.infer<typeof BbbTestResultSchema>;
