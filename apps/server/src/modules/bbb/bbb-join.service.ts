// Joining a video room and the room page /b/{code} (spec 2.2, 3.6, 8; decision 067). A join asks BBB
// whether the meeting exists (getMeetingInfo) and creates it when the caller may start it (a moderator, or
// anyone in a room that lets anyone start): one call, or two when it starts the meeting. Refusals are
// errors and never 418, which signs a user out everywhere else (spec 4.1). Room codes are public: looking up
// codes that do not exist is limited per user (signed in) or per address (visitors), so codes cannot be guessed.
import { randomBytes } from 'node:crypto';
import {
  ROOM_CODE_MISSES_PER_HOUR,
  type PublicRoom,
  type RoomDetails,
  type RoomGuestPolicy,
  type RoomJoin,
} from '@aula/contracts';
import { callerIp, portalOrigin, type Ctx } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { publishDomainEvent } from '../../lib/domain-events.ts';
import { audit } from '../audit/audit.service.ts';
import {
  BbbError,
  createMeeting,
  getMeetingInfo,
  joinUrl,
  type BbbGuestPolicy,
  type MeetingInfo,
} from './bbb-client.ts';
import { bbbServer } from './bbb-settings.service.ts';
import { forgetStatus, meetingStatus } from './bbb-status.ts';
import { transaction } from '../../db/index.ts';
import { addressKey } from './bbb-address.ts';
import {
  countCodeMisses,
  deleteCodeMissesBefore,
  findRoomByCode,
  lockCodeMisses,
  missKeyName,
  recordCodeMiss,
  type MissKey,
  type RoomRow,
} from './bbb.repo.ts';
import { getRoomDetails, guestPolicyOf, memberRoom, partOf, viewerOf } from './bbb.service.ts';
import { displayName } from '../users/person.ts';

/** How long a code miss counts (decision 067). */
export const CODE_MISS_WINDOW_MS = 3_600_000;

/** A room's number (members) or its code (/b/{code}, anyone who has it). */
export type RoomRef = number | string;

/** Whose misses a code lookup counts against: a signed-in caller's own, a visitor's address (IPv6: /64). */
function missKeyOf(ctx: Ctx): MissKey {
  return ctx.user ? { userId: ctx.user.id } : { ip: addressKey(callerIp(ctx)) };
}

/** The lookups of one caller waiting in this process, so they wait here and not holding a connection. */
const lookupQueues = new Map<string, Promise<unknown>>();

async function oneAtATime<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const run = (lookupQueues.get(name) ?? Promise.resolve()).then(fn, fn);
  const tail = run.catch(() => undefined);
  lookupQueues.set(name, tail);
  try {
    return await run;
  } finally {
    if (lookupQueues.get(name) === tail) lookupQueues.delete(name);
  }
}

/**
 * The room with this code in the caller's school. A caller who looked up ROOM_CODE_MISSES_PER_HOUR codes in
 * vain within the hour gets 429 for every code until the oldest miss is an hour old: a signed-in caller
 * counts alone (a school behind one NAT is many callers), a visitor by address. Counting, looking up and
 * recording run one at a time per caller (in this process, then under the caller's database lock across
 * instances), so parallel guesses cannot overshoot the limit.
 */
async function roomByCode(ctx: Ctx, code: string): Promise<RoomRow> {
  const key = missKeyOf(ctx);
  const found = await oneAtATime(missKeyName(key), () => lookUpCode(ctx, key, code));
  if (found.limitedUntil !== null) {
    const waitMs = Math.max(1000, found.limitedUntil - ctx.clock().getTime());
    throw new AppError(
      429,
      'auth.too_many_requests',
      { minutes: Math.ceil(waitMs / 60_000) },
      { 'retry-after': String(Math.ceil(waitMs / 1000)) },
    );
  }
  if (!found.row) throw AppError.notFound();
  return found.row;
}

async function lookUpCode(ctx: Ctx, key: MissKey, code: string) {
  const now = ctx.clock();
  const since = new Date(now.getTime() - CODE_MISS_WINDOW_MS);
  return transaction(ctx.db, async (tx) => {
    await lockCodeMisses(tx, key);
    const misses = await countCodeMisses(tx, key, since);
    if (misses.n >= ROOM_CODE_MISSES_PER_HOUR)
      return { row: null, limitedUntil: new Date(misses.oldest ?? now).getTime() + CODE_MISS_WINDOW_MS };
    const row = await findRoomByCode(tx, ctx.schoolId, viewerOf(ctx.user), code);
    // recorded in the transaction, so the refusal below does not roll it back
    if (!row) await recordCodeMiss(tx, ctx.schoolId, key, now);
    return { row, limitedUntil: null };
  });
}

/** The clean-up job for one school: misses older than the window count no more and go. */
export async function forgetCodeMisses(ctx: Ctx): Promise<number> {
  return deleteCodeMissesBefore(ctx.db, ctx.schoolId, new Date(ctx.clock().getTime() - CODE_MISS_WINDOW_MS));
}

/**
 * GET /api/bbb/:id. A number: room-details for members and admins (404 for everyone else, a visitor too).
 * A code: the room page for anyone who has it, without login; a signed-in member sees it as a member.
 */
export async function getRoom(ctx: Ctx, ref: RoomRef): Promise<RoomDetails | PublicRoom> {
  if (typeof ref === 'number') {
    if (!ctx.user) throw AppError.notFound();
    return getRoomDetails(ctx, ref);
  }
  const row = await roomByCode(ctx, ref);
  const member = ctx.user !== null && partOf(row, viewerOf(ctx.user)).member;
  const status = await meetingStatus(ctx, row);
  return {
    code: row.code,
    name: row.name,
    running: status.running,
    guestPolicy: guestPolicyOf(row),
    serverConfigured: status.serverConfigured,
    member,
    id: member ? row.id : null,
  };
}

/**
 * What marks a guest in the meeting (decision 067): in the school's base language (German, FALLBACK_LOCALE),
 * one text for everyone in the room, so a visitor calling themself "Tina Lehmann" cannot pass for the teacher.
 */
export const GUEST_NAME_SUFFIX = ' (Gast)';

/** A guest's name as BBB shows it: as typed, then the suffix (once, also when they typed it themselves). */
function guestName(name: string): string {
  const bare = name.replace(/\s*\(gast\)\s*$/i, '').trim() || name.trim();
  return `${bare}${GUEST_NAME_SUFFIX}`;
}

/**
 * What BBB is told to do with guests (join with guest=true): a room without guests refuses them on BBB's
 * side too, should a guest address ever be signed for it.
 */
const BBB_GUEST_POLICY: Record<RoomGuestPolicy, BbbGuestPolicy> = {
  none: 'ALWAYS_DENY',
  always: 'ALWAYS_ACCEPT',
  approval: 'ASK_MODERATOR',
};

/** BBB trouble: 504 bbb.server_error (502 would send the web app to its "API down" page, spec 4.4). */
function serverError(ctx: Ctx, err: unknown): AppError {
  if (!(err instanceof BbbError)) throw err;
  ctx.log.warn({ failure: err.failure, messageKey: err.messageKey }, 'bbb: join failed');
  return new AppError(504, 'bbb.server_error');
}

/**
 * GET /api/bbb/:id/join. Members (and admins) join with their own name, moderators (owner, promoted
 * members, admins) as MODERATOR, the others as VIEWER. Anyone else only by the room's current code, only
 * when the room admits guests, with a name, as a VIEWER (guest=true in an approval room, so BBB's lobby
 * holds them). A meeting that does not run is created by a moderator (anyone, when the room allows it);
 * everyone else waits.
 */
export async function joinRoom(ctx: Ctx, ref: RoomRef, name: string | undefined): Promise<RoomJoin> {
  // while impersonating the request guard refuses the join (policy.ts `whileImpersonating`, decision 081):
  // a superadmin helping a pupil looks at the room, but never sits in a lesson under the pupil's name
  const user = ctx.user;
  let row: RoomRow;
  if (typeof ref === 'number') {
    // by number only members: for anyone else the room does not exist
    if (!user) throw AppError.notFound();
    row = await memberRoom(ctx, user, ref);
  } else row = await roomByCode(ctx, ref);
  const part = partOf(row, viewerOf(user));
  const member = user !== null && part.member;
  let typedName = '';
  if (!member) {
    if (guestPolicyOf(row) === 'none')
      throw new AppError(403, user ? 'bbb.not_member' : 'bbb.guests_not_allowed');
    typedName = name || (user ? displayName(user) : '');
    if (!typedName) throw new AppError(422, 'bbb.guest_name_required');
  }
  const moderator = member && part.moderator;

  const server = await bbbServer(ctx);
  if (!server) throw new AppError(409, 'bbb.no_server');
  let info: MeetingInfo | null;
  try {
    info = await getMeetingInfo(server, row.meetingId);
  } catch (err) {
    throw serverError(ctx, err);
  }
  // an ended session is no meeting: the next create starts a new one
  const live = info && !info.ended ? info : null;
  let createTime: number;
  if (!live) {
    // anyoneCanStart is for members: a guest always waits for the room's people
    if (!moderator && !(member && row.anyoneCanStart)) return { status: 'waiting' };
    try {
      ({ createTime } = await createMeeting(server, {
        name: row.name,
        meetingID: row.meetingId,
        attendeePW: row.attendeePw,
        moderatorPW: row.moderatorPw,
        muteOnStart: row.muteOnJoin,
        guestPolicy: BBB_GUEST_POLICY[guestPolicyOf(row)],
        maxParticipants: row.maxParticipants ?? 0,
        // not the room page /b/{code}: the code in it would die with a revoke while the meeting runs
        logoutURL: `${portalOrigin(ctx)}/`,
        meta: {
          'bbb-origin': 'Aula',
          'bbb-origin-server-name': new URL(portalOrigin(ctx)).host,
          'aula-room-id': String(row.id),
        },
      }));
    } catch (err) {
      throw serverError(ctx, err);
    } finally {
      forgetStatus(server, row.meetingId);
    }
    // starting a meeting writes nothing else: the handlers get a transaction of their own, and their failure is
    // logged, never the join's
    await publishDomainEvent(ctx.db, ctx, 'room.started', {
      roomId: row.id,
      starterId: user?.id ?? null,
    }).catch((err: unknown) =>
      ctx.log.error({ err, roomId: row.id }, 'push: could not queue the video room start'),
    );
  } else {
    if (row.maxParticipants !== null && live.participantCount >= row.maxParticipants)
      throw new AppError(409, 'bbb.max_users', { max: row.maxParticipants });
    createTime = live.createTime;
  }
  if (!member) await audit(ctx, 'bbb.guest_join', { details: { roomId: row.id, name: typedName } });
  return {
    status: 'ready',
    url: joinUrl(server, {
      fullName: member ? displayName(user) : guestName(typedName),
      meetingID: row.meetingId,
      role: moderator ? 'MODERATOR' : 'VIEWER',
      password: moderator ? row.moderatorPw : row.attendeePw,
      createTime,
      // a guest's own id for this address: BBB's "remove user, prevent rejoin" holds for it
      userID: member ? `aula-${user.id}` : `guest-${randomBytes(8).toString('hex')}`,
      guest: !member,
    }),
  };
}
