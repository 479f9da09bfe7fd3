import { z } from './zod.ts';
import { text } from './text.ts';

// spec 1 (push notifications), 2.5 request-push, 2.6 the top bar's push request, 3.3 push token, 3.6 push-provider
// config (front-end and back-end parts), 4.2 push setup after login, 7.1 POST/DELETE /api/users/firebase and
// /firebase/test, 7.4 GET/POST /api/config/firebase, POST /api/config/firebase-backend, 8 push-config failure,
// 9 foreground push toast (docs/decisions/073-web-push.md). Standard Web Push with VAPID (RFC 8030, 8291, 8292):
// no Firebase account; the spec's `firebase` paths stay as they are.

/** What can send a push; each one the user can switch off (issue 23). `test` is the user's own test. */
export const PUSH_KINDS = ['chat', 'message', 'sick', 'video'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];
export const PushKindSchema = z.enum(PUSH_KINDS);

/** A time of day in the school's time zone, on the half hour: quiet hours start and end on these. */
export const QUIET_TIMES = Array.from(
  { length: 48 },
  (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 === 0 ? '00' : '30'}`,
);
export const QuietTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[03]0$/);

/**
 * Quiet hours: from `start` to `end` (over midnight when end ≤ start; equal means none). Pupils always have the
 * school's (settings push_quiet_start/push_quiet_end, default 19:00–07:00 in the school's time zone); anyone
 * may add their own on top, which only ever widens the quiet time (decision 073).
 */
export const QuietHoursSchema = z.strictObject({ start: QuietTimeSchema, end: QuietTimeSchema });
export type QuietHours = z.infer<typeof QuietHoursSchema>;
export const DEFAULT_SCHOOL_QUIET_HOURS: QuietHours = { start: '19:00', end: '07:00' };

/** Largest push service address we store: browsers' are a few hundred characters. */
export const MAX_PUSH_ENDPOINT = 2000;
/** base64url without padding: p256dh is an uncompressed P-256 point (65 bytes), auth 16 bytes (RFC 8291). */
const base64url = (bytes: number) =>
  z.string().regex(new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}$`));

/** The browser's PushSubscription.toJSON(): the spec's push "token". */
export const PushSubscriptionSchema = z.object({
  endpoint: text().max(MAX_PUSH_ENDPOINT).startsWith('https://'),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url(65), auth: base64url(16) }),
});
export type PushSubscriptionJson = z.infer<typeof PushSubscriptionSchema>;

/** POST /api/users/firebase: the device's subscription; the server binds it to the signed-in session. */
export const PushTokenBodySchema = z.strictObject({ token: PushSubscriptionSchema });
/** DELETE /api/users/firebase: only the endpoint is read (one can only remove one's own). */
export const PushTokenDeleteSchema = z.strictObject({
  token: z.object({ endpoint: text().max(MAX_PUSH_ENDPOINT) }),
});

/** POST /api/users/firebase/test → 202: how many of the user's devices the test went to. */
export const PushTestResponseSchema = z.object({ devices: z.number().int() });
export type PushTestResponse = z.infer<typeof PushTestResponseSchema>;

/** GET /api/config/firebase (signed in): the front-end part, what a browser needs to subscribe. */
export const PushConfigResponseSchema = z.object({
  /** the school has the push feature on and keys exist */
  enabled: z.boolean(),
  /** the VAPID public key, base64url (applicationServerKey); null when push is off */
  vapidKey: z.string().nullable(),
});
export type PushConfigResponse = z.infer<typeof PushConfigResponseSchema>;

/** POST /api/config/firebase (admin): the contact address push services see in the VAPID token's `sub`. */
export const PushContactBodySchema = z.strictObject({
  contact: z.union([
    text()
      .max(320)
      .regex(/^mailto:[^@\s]+@[^@\s]+\.[^@\s]+$/),
    text()
      .max(2000)
      .regex(/^https:\/\/[^\s]+$/),
  ]),
});

/**
 * POST /api/config/firebase-backend (superadmin): the server part, the key pair. `rotate` makes a new pair
 * (every device must subscribe again; their subscriptions are deleted); `import` takes a pair the school
 * already has (moving from another installation keeps its devices).
 */
export const PushBackendBodySchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('rotate') }),
  z.strictObject({
    action: z.literal('import'),
    publicKey: base64url(65),
    privateKey: base64url(32),
  }),
]);

/** GET /api/config/firebase-backend (admin): the dashboard's push status. Never the private key. */
export const PushStatusResponseSchema = z.object({
  enabled: z.boolean(),
  vapidKey: z.string().nullable(),
  keysCreatedAt: z.string().nullable(),
  contact: z.string(),
  /** subscribed devices in the school */
  devices: z.number().int(),
  /** pushes waiting: due now, and held back by quiet hours */
  queued: z.number().int(),
  held: z.number().int(),
  /** the last 24 hours */
  sent24h: z.number().int(),
  failed24h: z.number().int(),
  /** the newest delivery failure, if any: when, and the push service's status (0: no answer) */
  lastFailure: z.object({ at: z.string(), status: z.number().int() }).nullable(),
});
export type PushStatusResponse = z.infer<typeof PushStatusResponseSchema>;

/** GET /api/users/firebase/settings: what this user gets, and when not. */
export const PushSettingsResponseSchema = z.object({
  kinds: z.record(PushKindSchema, z.boolean()),
  /** which kinds apply to this user at all (sick: teachers and above) */
  available: z.array(PushKindSchema),
  /** the user's own quiet hours, added to the school's */
  quiet: QuietHoursSchema.nullable(),
  /** the school's quiet hours that apply to this user (pupils), read-only */
  schoolQuiet: QuietHoursSchema.nullable(),
  timeZone: z.string(),
  /** this user's subscribed devices */
  devices: z.number().int(),
});
export type PushSettingsResponse = z.infer<typeof PushSettingsResponseSchema>;

/** PUT /api/users/firebase/settings */
export const PushSettingsBodySchema = z.strictObject({
  kinds: z.partialRecord(PushKindSchema, z.boolean()),
  quiet: QuietHoursSchema.nullable(),
});
export type PushSettingsBody = z.infer<typeof PushSettingsBodySchema>;

/**
 * What a push carries (decision 073, SECURITY.md): a title and a short text in the user's language that name
 * no person, message text or notice content, the link to open, and a tag that collapses pushes of one thing.
 */
export const PushPayloadSchema = z.object({
  kind: z.union([PushKindSchema, z.literal('test')]),
  title: z.string(),
  body: z.string(),
  /** a path inside Aula, e.g. /app/chat?room=3 */
  url: z.string().startsWith('/'),
  tag: z.string(),
});
export type PushPayload = z.infer<typeof PushPayloadSchema>;

/** Delivery (decision 073): tries per push and device for 429/5xx, with exponential backoff from PUSH_RETRY_BASE_MS. */
export const PUSH_MAX_ATTEMPTS = 5;
export const PUSH_RETRY_BASE_MS = 30_000;
/** A subscription whose pushes the push service refuses (400/401/403/413) this many times in a row is removed. */
export const PUSH_MAX_FAILURES = 3;
/** A worker's claim on a queued push; after it another process may take the row. */
export const PUSH_LEASE_MS = 60_000;
/** How often each process looks for due pushes besides being woken by a new one. */
export const PUSH_POLL_MS = 5_000;
/** How long a push service keeps a push for an offline device (the TTL header), in seconds. */
export const PUSH_TTL_S = 24 * 60 * 60;
/** Timeout of one request to a push service. */
export const PUSH_SEND_TIMEOUT_MS = 10_000;
/** push_log rows are kept this long (the dashboard shows the last 24 hours). */
export const PUSH_LOG_DAYS = 30;
