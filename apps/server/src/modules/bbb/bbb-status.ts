// Whether a room's meeting runs, for room details and the public room page (decision 067). The page is open
// to anyone with the code and a guest's browser may keep it open: each answer of BBB is kept for
// STATUS_CACHE_MS per meeting, so however many people look, the school's BBB server is asked about one
// meeting at most once in that time. A join always asks BBB itself (it needs the session's createTime) and
// forgets the kept answer when it starts a meeting, as deleting a room does when it ends one.
import type { Ctx } from '../../context.ts';
import { BbbError, getMeetingInfo, type BbbServer } from './bbb-client.ts';
import { bbbServer } from './bbb-settings.service.ts';

/** How long a room's status may take to ask (room details, the room page); a join waits longer. */
export const STATUS_TIMEOUT_MS = 2000;
/** How long an answer about one meeting is kept. */
export const STATUS_CACHE_MS = 5000;
/** At most this many meetings' answers are kept (the oldest go first). */
const STATUS_CACHE_SIZE = 2000;

export interface MeetingStatus {
  /** null: no server configured, or it did not answer */
  running: boolean | null;
  participantCount: number | null;
  serverConfigured: boolean;
}

const kept = new Map<string, { at: number; status: MeetingStatus }>();
const keyOf = (server: Pick<BbbServer, 'url'>, meetingId: string) => `${server.url}\n${meetingId}`;

/** Forgets what was kept about a meeting: it has just been started or ended. */
export function forgetStatus(server: Pick<BbbServer, 'url'>, meetingId: string): void {
  kept.delete(keyOf(server, meetingId));
}

async function askBbb(ctx: Ctx, server: BbbServer, meetingId: string): Promise<MeetingStatus> {
  try {
    const info = await getMeetingInfo(server, meetingId, STATUS_TIMEOUT_MS);
    // an ended session is no running meeting, though BBB still knows it for a while
    const live = info !== null && !info.ended;
    return { running: live, participantCount: live ? info.participantCount : 0, serverConfigured: true };
  } catch (err) {
    if (!(err instanceof BbbError)) throw err;
    ctx.log.warn({ failure: err.failure, messageKey: err.messageKey }, 'bbb: room status unknown');
    return { running: null, participantCount: null, serverConfigured: true };
  }
}

/** Whether the meeting runs and how many are in it; nulls without a server or when it does not answer. */
export async function meetingStatus(ctx: Ctx, row: { meetingId: string }): Promise<MeetingStatus> {
  const server = await bbbServer(ctx);
  if (!server) return { running: null, participantCount: null, serverConfigured: false };
  const key = keyOf(server, row.meetingId);
  const now = ctx.clock().getTime();
  const hit = kept.get(key);
  if (hit && now - hit.at >= 0 && now - hit.at < STATUS_CACHE_MS) return hit.status;
  const status = await askBbb(ctx, server, row.meetingId);
  kept.delete(key);
  kept.set(key, { at: now, status });
  if (kept.size > STATUS_CACHE_SIZE) kept.delete(kept.keys().next().value!);
  return status;
}
