// SQL of deciding who gets a push (decision 073): the devices of the people a change concerns, with what the
// decision needs (role, language, own quiet hours, an open tab), and writing their push_queue rows in the
// change's transaction, collapsed per device and tag. Reads other modules' tables; writes only push_queue.
import { and, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import type { PushKind, PushPayload, QuietHours } from '@aula/contracts';
import type { Db } from '../../db/index.ts';
import {
  adminMessageGroups,
  adminMessages,
  adminMessageSeen,
  bbbRoomGroups,
  bbbRoomMembers,
  bbbRooms,
  chatMessages,
  chatReads,
  chatRoomGroups,
  chatRoomMembers,
  groupMembers,
  pushQueue,
  pushSettings,
  pushSubscriptions,
  sessions,
  sickNotices,
  users,
} from '../../db/schema.ts';

/** The NOTIFY channel a new push is announced on, at the commit of the change (every process's worker may LISTEN). */
export const PUSH_CHANNEL = 'aula_push';

/**
 * A device gets pushes until someone ends its session: its own sign-out, another user signing in there, a
 * block, a password change or reset, an admin (each deletes the device, sessions.service.ts endSessions). A
 * session that merely runs out (the 12-hour limit, the school's idle limit) keeps its device: a push that names
 * nothing and opens the sign-in page is what brings a pupil back the next day (decision 073).
 */
export const deviceSessionOpen = () => or(isNull(sessions.revokedAt), eq(sessions.revokeReason, 'idle'));

export interface PushDevice {
  userId: number;
  subscriptionId: number;
  type: string;
  roles: string[];
  selectedLang: string;
  quiet: QuietHours | null;
}

/**
 * The devices of these users (null: everyone of the school) that may get a push of `kind`: a subscription whose
 * session is live, of a user who is not blocked and has not switched the kind off.
 */
export async function findPushDevices(
  db: Db,
  schoolId: number,
  userIds: readonly number[] | null,
  kind: PushKind,
): Promise<PushDevice[]> {
  if (userIds && userIds.length === 0) return [];
  const rows = await db
    .select({
      userId: users.id,
      subscriptionId: pushSubscriptions.id,
      type: users.type,
      roles: users.roles,
      selectedLang: users.selectedLang,
      quiet: pushSettings.quiet,
    })
    .from(pushSubscriptions)
    .innerJoin(users, eq(users.id, pushSubscriptions.userId))
    .innerJoin(sessions, eq(sessions.id, pushSubscriptions.sessionId))
    .leftJoin(pushSettings, eq(pushSettings.userId, users.id))
    .where(
      and(
        eq(pushSubscriptions.schoolId, schoolId),
        eq(users.schoolId, schoolId),
        userIds ? inArray(users.id, [...new Set(userIds)]) : undefined,
        eq(users.blocked, false),
        deviceSessionOpen(),
        sql`not (${kind}::text = any(coalesce(${pushSettings.off}, '{}'::text[])))`,
      ),
    )
    .orderBy(users.id, pushSubscriptions.id);
  return rows.map((r) => ({ ...r, quiet: r.quiet ?? null }));
}

/** Of these users, those with an open Aula tab: a live session seen (the online ping) since `since`. */
export async function findUsersWithOpenTab(
  db: Db,
  userIds: readonly number[],
  since: Date,
): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ userId: sessions.userId })
    .from(sessions)
    .where(
      and(
        inArray(sessions.userId, [...new Set(userIds)]),
        isNull(sessions.revokedAt),
        // someone acting as the user is not the user looking at Aula
        isNull(sessions.impersonatorId),
        gte(sessions.lastSeenAt, since),
      ),
    );
  return new Set(rows.map((r) => r.userId));
}

/**
 * The teachers (and admins) who share a group with the pupil: whom a new sick notice of that pupil is told to
 * (issue 23: "a pupil in their groups").
 */
export async function findTeachersOfPupil(db: Db, schoolId: number, pupilId: number): Promise<number[]> {
  // none when the notice's person is no pupil (a teacher's own notice goes to the admins' list only)
  const rows = await db.execute<{ id: number }>(sql`
    select distinct t.id from ${groupMembers} p
    join ${users} pu on pu.id = p.user_id and pu.type = 'S' and not (pu.roles && array['admin', 'superadmin']::text[])
    join ${groupMembers} tm on tm.group_id = p.group_id and tm.school_id = p.school_id
    join ${users} t on t.id = tm.user_id
    where p.school_id = ${schoolId} and p.user_id = ${pupilId} and t.id <> ${pupilId}
      and (t.type = 'L' or t.roles && array['admin', 'superadmin']::text[])
    order by t.id`);
  return rows.rows.map((r) => Number(r.id));
}

export interface QueuedPush {
  subscriptionId: number;
  userId: number;
  payload: PushPayload;
  notBefore: Date;
}

/**
 * Writes one row per device; a device that already has a push of this tag waiting (not tried yet, not claimed by a
 * worker) gets that row updated instead, so quiet hours end with one push per thing and device. Announces the new
 * work with NOTIFY, which PostgreSQL delivers when the caller's transaction commits.
 */
export async function writePushes(
  tx: Db,
  e: {
    schoolId: number;
    kind: PushKind;
    tag: string;
    ref: { type: string; id: number } | null;
    now: Date;
    pushes: readonly QueuedPush[];
  },
): Promise<number> {
  if (e.pushes.length === 0) return 0;
  const values = JSON.stringify(
    e.pushes.map((p) => ({
      sub: p.subscriptionId,
      user_id: p.userId,
      payload: p.payload,
      not_before: p.notBefore.toISOString(),
    })),
  );
  const now = e.now.toISOString();
  const refType = e.ref?.type ?? null;
  const refId = e.ref?.id ?? null;
  await tx.execute(sql`
    with v as (
      select * from jsonb_to_recordset(${values}::jsonb)
        as v(sub bigint, user_id int, payload jsonb, not_before timestamptz)
    ), collapsed as (
      update ${pushQueue} q set payload = v.payload, kind = ${e.kind}::text, ref_type = ${refType}::text,
        -- sick: one push for many notices names the oldest, so relevance sees every notice since (sickPushRelevant)
        ref_id = case when ${e.kind}::text = 'sick' then least(q.ref_id, ${refId}::bigint) else ${refId}::bigint end,
        not_before = v.not_before, next_attempt_at = v.not_before,
        created_at = ${now}::timestamptz
      from v
      where q.subscription_id = v.sub and q.tag = ${e.tag}::text and q.attempts = 0
        and (q.locked_until is null or q.locked_until < ${now}::timestamptz)
      returning q.subscription_id
    )
    insert into ${pushQueue} (school_id, subscription_id, user_id, kind, ref_type, ref_id, tag, payload,
      not_before, next_attempt_at, created_at)
    select ${e.schoolId}::int, v.sub, v.user_id, ${e.kind}::text, ${refType}::text, ${refId}::bigint, ${e.tag}::text,
      v.payload, v.not_before, v.not_before, ${now}::timestamptz
    from v where v.sub not in (select subscription_id from collapsed)`);
  await tx.execute(sql`select pg_notify(${PUSH_CHANNEL}, '')`);
  return e.pushes.length;
}

/** A video room's people: its owner, the people added one by one and the members of its groups. */
export async function findVideoRoomPeople(db: Db, schoolId: number, roomId: number): Promise<number[]> {
  const rows = await db.execute<{ id: number }>(sql`
    select r.owner_id as id from ${bbbRooms} r where r.id = ${roomId} and r.school_id = ${schoolId}
    union select m.user_id from ${bbbRoomMembers} m join ${bbbRooms} r on r.id = m.room_id
      where m.room_id = ${roomId} and r.school_id = ${schoolId}
    union select gm.user_id from ${bbbRoomGroups} g join ${groupMembers} gm on gm.group_id = g.group_id
      join ${bbbRooms} r on r.id = g.room_id where g.room_id = ${roomId} and r.school_id = ${schoolId}
    order by id`);
  return rows.rows.map((r) => Number(r.id));
}

// ---------------------------------------------------------------- relevance at sending (push-relevance.ts)

/**
 * What sending decides on, now: the user's type and roles, switches and own quiet hours, and the device's session's
 * last activity; null when the device or its user is gone.
 */
export async function findRecipientAtSending(db: Db, subscriptionId: number) {
  const [row] = await db
    .select({
      type: users.type,
      roles: users.roles,
      off: pushSettings.off,
      quiet: pushSettings.quiet,
      lastActivityAt: sessions.lastActivityAt,
    })
    .from(pushSubscriptions)
    .innerJoin(users, eq(users.id, pushSubscriptions.userId))
    .innerJoin(sessions, eq(sessions.id, pushSubscriptions.sessionId))
    .leftJoin(pushSettings, eq(pushSettings.userId, users.id))
    .where(eq(pushSubscriptions.id, subscriptionId));
  return row ? { ...row, off: row.off ?? [], quiet: row.quiet ?? null } : null;
}

/** A chat push still matters: the message is there, not deleted, unseen by the recipient, who is still a member. */
export async function chatPushRelevant(db: Db, userId: number, messageId: number): Promise<boolean> {
  const rows = await db.execute<{ ok: boolean }>(sql`
    select exists (
      select 1 from ${chatMessages} m
      where m.id = ${messageId} and m.deleted_at is null
        and not exists (select 1 from ${chatReads} r
          where r.room_id = m.room_id and r.user_id = ${userId} and r.message_id >= m.id)
        and (exists (select 1 from ${chatRoomMembers} cm where cm.room_id = m.room_id and cm.user_id = ${userId})
          or exists (select 1 from ${chatRoomGroups} cg join ${groupMembers} gm on gm.group_id = cg.group_id
            where cg.room_id = m.room_id and gm.user_id = ${userId}))
    ) as ok`);
  return rows.rows[0]?.ok === true;
}

/**
 * An admin message push still matters: the message is there, not over, the user has not marked it seen and is
 * still in its audience (no groups: everyone; else a member of one of them, as the groups may have been changed).
 */
export async function adminMessagePushRelevant(db: Db, userId: number, messageId: number, now: Date) {
  const rows = await db
    .select({ id: adminMessages.id })
    .from(adminMessages)
    .where(
      and(
        eq(adminMessages.id, messageId),
        sql`(${adminMessages.endsAt} is null or ${adminMessages.endsAt} > ${now.toISOString()}::timestamptz)`,
        sql`not exists (select 1 from ${adminMessageSeen} s where s.message_id = ${adminMessages.id} and s.user_id = ${userId})`,
        sql`(not exists (select 1 from ${adminMessageGroups} g where g.message_id = ${adminMessages.id})
          or exists (select 1 from ${adminMessageGroups} g join ${groupMembers} gm on gm.group_id = g.group_id
            where g.message_id = ${adminMessages.id} and gm.user_id = ${userId}))`,
      ),
    );
  return rows.length > 0;
}

/**
 * A sick push still matters: a notice it stands for is still there. The collapsed push names the oldest notice
 * it stands for (writePushes), so any later notice of a pupil the teacher shares a group with, not reported by the
 * teacher, counts: deleting one of several does not drop the others' push.
 */
export async function sickPushRelevant(db: Db, teacherId: number, fromNoticeId: number): Promise<boolean> {
  const rows = await db.execute<{ ok: boolean }>(sql`
    select exists (
      select 1 from ${sickNotices} n
      join ${groupMembers} p on p.user_id = n.user_id and p.school_id = n.school_id
      join ${groupMembers} tm on tm.group_id = p.group_id and tm.school_id = p.school_id
      where n.id >= ${fromNoticeId} and tm.user_id = ${teacherId}
        and n.user_id <> ${teacherId} and n.reported_by is distinct from ${teacherId}
    ) as ok`);
  return rows.rows[0]?.ok === true;
}

export async function videoRoomExists(db: Db, roomId: number): Promise<boolean> {
  const rows = await db.select({ id: bbbRooms.id }).from(bbbRooms).where(eq(bbbRooms.id, roomId));
  return rows.length > 0;
}

/** When a queued push was (last) written; null when the row is gone. */
export async function queuedAt(db: Db, pushId: number): Promise<Date | null> {
  const [row] = await db.select({ at: pushQueue.createdAt }).from(pushQueue).where(eq(pushQueue.id, pushId));
  return row ? new Date(row.at) : null;
}
