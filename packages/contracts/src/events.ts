import { ChatMessageSchema } from './chat.ts';
import { z } from './zod.ts';

// GET /api/events: one Server-Sent Events stream per signed-in tab (DESIGN.md Realtime; decision 071). Each
// event is `id: <n>`, `event: <type>`, `data: <json>`; a reconnect sends Last-Event-ID (or ?lastEventId= for a
// fresh EventSource) and gets what it missed, within EVENT_REPLAY_MS, or `reset` when that is not possible.

/** Comment line sent when nothing else was sent for this long: keeps proxies from closing an idle stream. */
export const EVENT_HEARTBEAT_MS = 25_000;
/** How long events are kept for replay after a reconnect; older gaps get `reset`. */
export const EVENT_REPLAY_MS = 10 * 60_000;
/** At most this many events are replayed; a longer gap gets `reset`. */
export const EVENT_REPLAY_MAX = 500;
/** A tab hidden this long closes its stream, unless it is the one tab of the browser keeping it for alerts. */
export const EVENT_HIDDEN_CLOSE_MS = 60_000;
/** The EventSource `retry:` the server sends (reconnect delay). */
export const EVENT_RETRY_MS = 3_000;
/**
 * At most this many open streams per session on one server process (a tab each): opening another ends the
 * oldest, so one account cannot hold thousands of connections (decision 071).
 */
export const EVENT_STREAMS_PER_SESSION = 10;

const roomId = z.number().int();

/** Every event type with its data. The web app reacts to each; unknown types are ignored (older tabs). */
export const EVENT_DATA = {
  /** a new message in a room the user is a member of */
  'chat.message': z.object({ roomId, message: ChatMessageSchema }),
  'chat.message.edited': z.object({ roomId, message: ChatMessageSchema }),
  'chat.message.deleted': z.object({ roomId, messageId: z.number().int() }),
  /** chat_show_seen_indicator only: a member has seen up to messageId */
  'chat.seen': z.object({ roomId, userId: z.number().int(), messageId: z.number().int() }),
  /** a room was made, renamed, reconfigured, or its members changed, or the user was added: refetch it */
  'chat.room': z.object({ roomId }),
  /** the user was removed from the room, or it was deleted: drop it */
  'chat.room.removed': z.object({ roomId }),
  /** moderators: a message was reported, or its reports dismissed */
  'chat.report': z.object({ roomId, messageId: z.number().int() }),
  /** the admin messages for this user changed: the home page refetches them */
  'messages.admin': z.object({}),
  /** the list of online users changed (the 15 s ping still carries it; this only says "ask now") */
  presence: z.object({}),
  /** this session ended (block, password reset, revoked, signed out elsewhere): the tab signs out at once */
  'session.end': z.object({ reason: z.enum(['blocked', 'password', 'revoked', 'logout', 'expired']) }),
  /** the stream could not replay what was missed: refetch everything live */
  reset: z.object({}),
} as const;

export type EventType = keyof typeof EVENT_DATA;
export const EVENT_TYPES = Object.keys(EVENT_DATA) as EventType[];
export type EventData<T extends EventType> = z.infer<(typeof EVENT_DATA)[T]>;
export type AulaEvent = { [T in EventType]: { id: number; type: T; data: EventData<T> } }[EventType];

/** Query of GET /api/events: a fresh EventSource cannot set Last-Event-ID, so it may pass it here. */
export const EventsQuerySchema = z.strictObject({
  lastEventId: z.coerce.number().int().min(0).optional(),
});
