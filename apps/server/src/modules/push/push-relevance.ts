// Whether a queued push still matters when its time comes (decision 073): the worker asks just before sending,
// so a push held by quiet hours is dropped when the chat message was read or deleted, the admin message deleted,
// over, seen or moved to other groups, the sick notices gone, or the video room's start too long ago.
import {
  hasRole,
  ONLINE_WINDOW_MS,
  PRESENCE_FLUSH_MS,
  type PushKind,
  type QuietHours,
  type RoleSubject,
} from '@aula/contracts';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import {
  readConfigSnapshot,
  SERVER_CONFIG_DEFAULTS,
  type ServerConfigKey,
} from '../config/config.service.ts';
import {
  adminMessagePushRelevant,
  chatPushRelevant,
  findRecipientAtSending,
  findUsersWithOpenTab,
  queuedAt,
  sickPushRelevant,
  videoRoomExists,
} from './push-enqueue.repo.ts';
import { quietUntil } from './quiet-hours.ts';

/**
 * A user has an open Aula tab while they are online in the spec's sense (decision 017): a live session of theirs
 * was seen within ONLINE_WINDOW_MS. Every signed-in tab pings every ONLINE_PING_MS and the pings reach the
 * database in the presence flush, so every server process sees the same (decision 073).
 */
export const OPEN_TAB_MS = ONLINE_WINDOW_MS;
/**
 * A chat push to someone with an open tab waits this long and is then sent only if no tab is open any more
 * (longer than OPEN_TAB_MS, so a tab closed just before the message no longer counts by then).
 */
export const OPEN_TAB_HOLD_MS = OPEN_TAB_MS + PRESENCE_FLUSH_MS;
/** A "video room started" push older than this is no news any more. */
export const VIDEO_PUSH_MAX_AGE_MS = 60 * 60_000;

/** What a push names: the row of push_queue it comes from (the worker's claimed row has these fields). */
export interface QueuedPushRef {
  id: number;
  userId: number;
  kind: string;
  refType: string | null;
  refId: number | null;
}

/** The ref_type each kind's pushes carry. */
export const PUSH_REF_TYPES = {
  chat: 'chat_message',
  message: 'admin_message',
  sick: 'sick_notice',
  video: 'bbb_room',
} as const;

/** Whether the user counts as a pupil: the school's quiet hours are theirs (teachers and above never). */
export const isPupil = (d: RoleSubject) => !hasRole(d, 'teacher');

/** The school's quiet hours for pupils and its time zone; equal times are no quiet hours. */
export async function schoolQuietHours(
  ctx: Pick<Ctx, 'config'>,
  db?: Db,
): Promise<{ quiet: QuietHours | null; timeZone: string }> {
  const snapshot = await ctx.config(db);
  const value = (key: ServerConfigKey) => snapshot.stored(key) ?? SERVER_CONFIG_DEFAULTS[key];
  const start = value('push_quiet_start');
  const end = value('push_quiet_end');
  return { quiet: start === end ? null : { start, end }, timeZone: value('time_zone') };
}

export type SendingDecision = { action: 'send' } | { action: 'drop' } | { action: 'hold'; until: Date };

/**
 * The worker's last word on a claimed push (decision 073), as things are now, not as they were at enqueue: the
 * kind switched off drops it; the school's (pupils) and the
 * user's own quiet hours hold it until they end (a retry's backoff, a backlog or changed hours may have carried it
 * into them); else it goes if still relevant.
 */
export async function atSending(
  db: Db,
  row: QueuedPushRef & { schoolId: number; subscriptionId: number },
  now: Date,
): Promise<SendingDecision> {
  const who = await findRecipientAtSending(db, row.subscriptionId);
  if (!who || who.off.includes(row.kind as PushKind)) return { action: 'drop' };
  // a test push is the user's own "send now": it answers at once, as at enqueue
  if (row.kind !== 'test') {
    // the worker's own read, as things are now (a request's snapshot is not at hand here)
    const snapshot = readConfigSnapshot(db, row.schoolId);
    const school = await schoolQuietHours({ config: () => snapshot });
    const until = quietUntil({
      now,
      timeZone: school.timeZone,
      school: isPupil(who) ? school.quiet : null,
      own: who.quiet,
    });
    if (until) return { action: 'hold', until };
  }
  return (await isStillRelevant(db, row, now)) ? { action: 'send' } : { action: 'drop' };
}

/**
 * False when the push is shown to be stale; a push that names nothing to look at (no ref) goes, as nothing says
 * it is stale (every trigger names its thing; a row written otherwise, e.g. by hand, is not second-guessed).
 */
export async function isStillRelevant(db: Db, row: QueuedPushRef, now: Date): Promise<boolean> {
  const id = row.refId;
  switch (row.kind) {
    case 'chat': {
      const open = await findUsersWithOpenTab(db, [row.userId], new Date(now.getTime() - OPEN_TAB_MS));
      if (open.has(row.userId)) return false;
      return id === null || (await chatPushRelevant(db, row.userId, id));
    }
    case 'message':
      return id === null || (await adminMessagePushRelevant(db, row.userId, id, now));
    case 'sick':
      return id === null || (await sickPushRelevant(db, row.userId, id));
    case 'video': {
      if (id !== null && !(await videoRoomExists(db, id))) return false;
      const at = await queuedAt(db, row.id);
      return at !== null && now.getTime() - at.getTime() <= VIDEO_PUSH_MAX_AGE_MS;
    }
    case 'test':
      return true;
    default:
      return false;
  }
}
