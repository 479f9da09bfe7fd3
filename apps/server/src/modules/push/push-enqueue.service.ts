// Who gets which push and when (decision 073). enqueuePush runs in the transaction of the change that causes
// it: one push_queue row per device of each person concerned who has the kind on, held until their quiet hours
// end; the worker (push-worker.ts) sends it, woken by the NOTIFY at commit or its poll. The triggers below handle
// the domain events of the chat, admin messages, sick notices and video rooms (push.events.ts).
import { hasRole, type Locale, type PushKind } from '@aula/contracts';
import type { Database, Db, Listener } from '../../db/index.ts';
import { featureOn, type Ctx } from '../../context.ts';
import { adminMessageAudience } from '../events/events.service.ts';
import {
  PUSH_CHANNEL,
  findPushDevices,
  findTeachersOfPupil,
  findUsersWithOpenTab,
  findVideoRoomPeople,
  writePushes,
} from './push-enqueue.repo.ts';
import {
  isPupil,
  OPEN_TAB_HOLD_MS,
  OPEN_TAB_MS,
  PUSH_REF_TYPES,
  schoolQuietHours,
} from './push-relevance.ts';
import { pushLang, pushText, type PushText } from './push-texts.ts';
import { quietUntil } from './quiet-hours.ts';

/** What enqueuing needs of the caller's context (a route's or a job's Ctx has it). */
export type PushContext = Pick<Ctx, 'schoolId' | 'clock' | 'log' | 'config'>;

export interface PushRequest {
  /** the people concerned; null: everyone of the school */
  userIds: readonly number[] | null;
  /** never these (who caused it) */
  except?: readonly number[];
  kind: PushKind;
  /** what the push is about, for dropping it when no longer relevant (push-relevance.ts) */
  ref?: { type: string; id: number };
  /** collapses pushes of one thing: on the device, and one waiting row per device */
  tag: string;
  /** a path inside Aula: ids, never names */
  url: string;
  /** the title and text in a language; default: the kind's (push-texts.ts) */
  text?: (lang: Locale) => PushText;
  /** not before this (an admin message that starts later) */
  notBefore?: Date;
  /** chat: people with an open Aula tab see it there; their push waits and goes only if the tab has closed */
  holdIfOpenTab?: boolean;
}

export { schoolQuietHours } from './push-relevance.ts';

/**
 * Queues the push for every device that may get it, in `tx` (the change's transaction): nothing when the school
 * has push off, for people who switched the kind off or may not have it (sick: teachers and above), or have no
 * device with a live session. Answers how many devices it was queued for.
 */
export async function enqueuePush(tx: Db, ctx: PushContext, req: PushRequest): Promise<number> {
  if (!(await featureOn(ctx, 'push', tx))) return 0;
  const now = ctx.clock();
  const devices = (await findPushDevices(tx, ctx.schoolId, req.userIds, req.kind)).filter(
    (d) => !req.except?.includes(d.userId) && (req.kind !== 'sick' || hasRole(d, 'teacher')),
  );
  if (devices.length === 0) return 0;
  const school = await schoolQuietHours(ctx, tx);
  const open = req.holdIfOpenTab
    ? await findUsersWithOpenTab(
        tx,
        devices.map((d) => d.userId),
        new Date(now.getTime() - OPEN_TAB_MS),
      )
    : new Set<number>();
  const earliest = Math.max(now.getTime(), req.notBefore?.getTime() ?? 0);
  const pushes = devices.map((d) => {
    const from = new Date(
      open.has(d.userId) ? Math.max(earliest, now.getTime() + OPEN_TAB_HOLD_MS) : earliest,
    );
    const end = quietUntil({
      now: from,
      timeZone: school.timeZone,
      school: isPupil(d) ? school.quiet : null,
      own: d.quiet,
    });
    const text = req.text ? req.text(pushLang(d.selectedLang)) : pushText(req.kind, d.selectedLang);
    return {
      subscriptionId: d.subscriptionId,
      userId: d.userId,
      notBefore: end ?? from,
      payload: { kind: req.kind, title: text.title, body: text.body, url: req.url, tag: req.tag },
    };
  });
  return writePushes(tx, {
    schoolId: ctx.schoolId,
    kind: req.kind,
    tag: req.tag,
    ref: req.ref ?? null,
    now,
    pushes,
  });
}

/**
 * Wakes this process's worker whenever any process has queued pushes: writePushes NOTIFYs at the commit of the
 * change, so the worker sends at once instead of at its next poll. For registerPush: `listenForPushes(app.database,
 * worker.kick)` on ready, `stop()` on close. After a lost connection it kicks once (what came meanwhile is due).
 */
export function listenForPushes(database: Pick<Database, 'listen'>, kick: () => void): Promise<Listener> {
  return database.listen(PUSH_CHANNEL, { notify: () => kick(), reconnected: () => kick() });
}

// ---------------------------------------------------------------- triggers

/** A chat message was sent: the room's members but the sender (they are `memberIds`, as the event went to them). */
export function pushChatMessage(
  tx: Db,
  ctx: PushContext,
  m: { roomId: number; messageId: number; senderId: number; memberIds: readonly number[] },
): Promise<number> {
  const userIds = m.memberIds.filter((id) => id !== m.senderId);
  if (userIds.length === 0) return Promise.resolve(0);
  return enqueuePush(tx, ctx, {
    userIds,
    except: [m.senderId],
    kind: 'chat',
    ref: { type: PUSH_REF_TYPES.chat, id: m.messageId },
    tag: `chat-${m.roomId}`,
    url: `/app/chat?room=${m.roomId}`,
    holdIfOpenTab: true,
  });
}

/**
 * A new admin message: the members of its groups (no groups: everyone of the school) but its author, at its start
 * when it starts later; none when it is over already.
 */
export async function pushAdminMessage(
  tx: Db,
  ctx: PushContext,
  m: {
    id: number;
    groupIds: readonly number[];
    startsAt: Date | null;
    endsAt: Date | null;
    authorId: number;
  },
): Promise<number> {
  if (m.endsAt && m.endsAt.getTime() <= ctx.clock().getTime()) return 0;
  const userIds = m.groupIds.length === 0 ? null : await adminMessageAudience(tx, ctx.schoolId, m.groupIds);
  if (userIds && userIds.length === 0) return 0;
  return enqueuePush(tx, ctx, {
    userIds,
    except: [m.authorId],
    kind: 'message',
    ref: { type: PUSH_REF_TYPES.message, id: m.id },
    tag: `message-${m.id}`,
    url: '/',
    ...(m.startsAt ? { notBefore: m.startsAt } : {}),
  });
}

/** A new sick notice of a pupil: the teachers of the pupil's groups but the one who reported it. Never its content. */
export async function pushSickNotice(
  tx: Db,
  ctx: PushContext,
  n: { id: number; pupilId: number; reportedBy: number },
): Promise<number> {
  const teachers = await findTeachersOfPupil(tx, ctx.schoolId, n.pupilId);
  if (teachers.length === 0) return 0;
  return enqueuePush(tx, ctx, {
    userIds: teachers,
    except: [n.reportedBy],
    kind: 'sick',
    ref: { type: PUSH_REF_TYPES.sick, id: n.id },
    // one waiting push for all new notices: a teacher of many classes gets one in the morning, not ten
    tag: 'sick',
    url: '/app/sick',
  });
}

/** A video room's meeting was started (the first join created it): the room's people but the one who started it. */
export async function pushVideoStarted(
  tx: Db,
  ctx: PushContext,
  r: { roomId: number; starterId: number | null },
): Promise<number> {
  const people = await findVideoRoomPeople(tx, ctx.schoolId, r.roomId);
  if (people.length === 0) return 0;
  return enqueuePush(tx, ctx, {
    userIds: people,
    ...(r.starterId !== null ? { except: [r.starterId] } : {}),
    kind: 'video',
    ref: { type: PUSH_REF_TYPES.video, id: r.roomId },
    tag: `video-${r.roomId}`,
    url: `/app/bigbluebutton?room=${r.roomId}&dialog=bbb:room-details`,
  });
}
