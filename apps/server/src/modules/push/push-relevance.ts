// Whether a queued push still matters when its time comes (decision 073): the worker asks just before sending,
// so a push held by quiet hours is dropped when the chat message was read or deleted, the admin message deleted,
// over or seen, the sick notice gone, or the video room's start too long ago.
import { ONLINE_WINDOW_MS, PRESENCE_FLUSH_MS } from '@aula/contracts';
import type { Db } from '../../db/index.ts';
import {
  adminMessagePushRelevant,
  chatPushRelevant,
  findUsersWithOpenTab,
  queuedAt,
  sickNoticeExists,
  videoRoomExists,
} from './push-enqueue.repo.ts';

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
      return id === null || (await sickNoticeExists(db, id));
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
