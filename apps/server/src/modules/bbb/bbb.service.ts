// Video rooms (spec 1, 2.2, 3.6, 4.6, 6, 7.3; decision 067): the room list with its filters, creating,
// changing and deleting rooms, whom a room may hold, and moderators. Members are the owner, the people added
// one by one and the members of the room's groups; admins see and change every room of their school. Joining
// and the public room page are in bbb-join.service.ts. Every route answers 404 while the school has the
// `bbb` feature switched off.
import {
  hasRole,
  permissionsFor,
  type Room,
  type RoomDetails,
  type RoomGuestPolicy,
  type RoomList,
  type RoomPeople,
  type RoomSettings,
} from '@aula/contracts';
import type { z } from 'zod';
import type {
  RoomInputSchema,
  RoomListQuerySchema,
  RoomPatchSchema,
  RoomPeopleQuerySchema,
} from '@aula/contracts';
import { requireCaller, type Ctx } from '../../context.ts';
import { transaction, type Db } from '../../db/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SessionUser } from '../../core/session-types.ts';
import { audit } from '../audit/audit.service.ts';
import { serverConfigValue } from '../config/config.service.ts';
import { findGroupsInReach, type GroupReach } from '../groups/groups.service.ts';
import { findPeopleInReach, type PeopleReach } from '../users/users.service.ts';
import { BbbError, endMeeting } from './bbb-client.ts';
import { newMeeting, withFreshCode } from './bbb-codes.ts';
import { bbbServer } from './bbb-settings.service.ts';
import { forgetStatus, meetingStatus } from './bbb-status.ts';
import {
  deleteRoom as deleteRoomRow,
  findGroupIds,
  findPersonMembers,
  findRoom,
  findRoomPage,
  insertRoom,
  replaceGroups,
  replacePersonMembers,
  updateRoom,
  type RoomRow,
  type RoomViewer,
} from './bbb.repo.ts';

type ListQuery = z.output<typeof RoomListQuerySchema>;
type Input = z.output<typeof RoomInputSchema>;
type Patch = z.output<typeof RoomPatchSchema>;
type PeopleQuery = z.output<typeof RoomPeopleQuerySchema>;

/** People and groups the member picker gets per search. */
const PEOPLE_LIMIT = 50;

export function viewerOf(user: SessionUser | null): RoomViewer {
  if (!user) return { userId: 0, groupIds: [], admin: false };
  return { userId: user.id, groupIds: user.groupIds, admin: hasRole(user, 'admin') };
}

/** permissionsFor(user).createRooms with the school's students_create_rooms (contracts/perms.ts). */
export async function mayCreateRooms(ctx: Ctx, user: SessionUser): Promise<boolean> {
  const studentsCreateRooms = await serverConfigValue(ctx, 'students_create_rooms');
  return permissionsFor(user, { studentsCreateRooms: studentsCreateRooms === 'true' }).createRooms;
}

/** Whom the caller may add (decision 067): admins all, teachers staff, their groups' people and those groups. */
function reachOf(user: SessionUser): { people: PeopleReach; groups: GroupReach } {
  if (hasRole(user, 'admin')) return { people: { kind: 'all' }, groups: { all: true, own: [] } };
  const { groupIds } = user;
  return hasRole(user, 'teacher')
    ? { people: { kind: 'staff-and-groups', groupIds }, groups: { all: false, own: groupIds } }
    : { people: { kind: 'groups', groupIds, staffOnly: false }, groups: { all: false, own: [] } };
}

/** The caller's part in a room: member (admins count as members of every room), owner, moderator, editor. */
export function partOf(row: RoomRow, v: RoomViewer) {
  const owner = row.ownerId === v.userId;
  return {
    member: row.isMember || v.admin,
    owner,
    moderator: owner || row.isPromoted || v.admin,
    canEdit: owner || v.admin,
  };
}

/**
 * Whom the room admits besides its members: only a room of a teacher (or an admin) admits guests at all,
 * so a pupil's room never lets strangers in, whatever its row says (decision 067).
 */
export function guestPolicyOf(row: Pick<RoomRow, 'guestPolicy' | 'ownerTeaches'>): RoomGuestPolicy {
  return row.ownerTeaches ? (row.guestPolicy as RoomGuestPolicy) : 'none';
}

const guestsNeedTeacher = () => new AppError(422, 'bbb.guests_need_teacher');

export function settingsOf(row: RoomRow): RoomSettings {
  return {
    muteOnJoin: row.muteOnJoin,
    guestPolicy: guestPolicyOf(row),
    anyoneCanStart: row.anyoneCanStart,
    maxParticipants: row.maxParticipants,
  };
}

function toRoom(row: RoomRow, v: RoomViewer): Room {
  const part = partOf(row, v);
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    owner: row.owner,
    settings: settingsOf(row),
    groups: row.groups,
    memberCount: row.memberCount,
    isOwner: part.owner,
    isModerator: part.moderator,
    canEdit: part.canEdit,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

async function details(
  ctx: Ctx,
  row: RoomRow,
  v: RoomViewer,
  status?: { running: boolean | null; participantCount: number | null },
): Promise<RoomDetails> {
  const [members, live] = await Promise.all([
    findPersonMembers(ctx.db, row.id),
    status ?? meetingStatus(ctx, row),
  ]);
  return {
    ...toRoom(row, v),
    members,
    running: live.running,
    participantCount: live.participantCount,
  };
}

/** GET /api/bbb: the caller's own and shared rooms (admins with showAll: every room), by name. */
export async function listRooms(ctx: Ctx, q: ListQuery): Promise<RoomList> {
  const user = requireCaller(ctx);
  const v = viewerOf(user);
  if (q.showAll && !v.admin) throw AppError.forbidden();
  const { rows, total } = await findRoomPage(
    ctx.db,
    ctx.schoolId,
    v,
    { q: q.q || undefined, roomType: q.roomType, showAll: q.showAll ?? false },
    q.page,
    q.perPage,
  );
  return { items: rows.map((r) => toRoom(r, v)), total };
}

/** A room the caller is a member of (or any room, for an admin), else 404: whether it exists is not told. */
export async function memberRoom(ctx: Ctx, user: SessionUser, id: number): Promise<RoomRow> {
  const row = await findRoom(ctx.db, ctx.schoolId, viewerOf(user), id);
  if (!row || !partOf(row, viewerOf(user)).member) throw AppError.notFound();
  return row;
}

/** GET /api/bbb/:id (a number): room-details for its members and admins, with the meeting's status. */
export async function getRoomDetails(ctx: Ctx, id: number): Promise<RoomDetails> {
  const user = requireCaller(ctx);
  return details(ctx, await memberRoom(ctx, user, id), viewerOf(user));
}

/** GET /api/bbb/people: whom the caller may add to a room, people and groups matching q. */
export async function findPeople(ctx: Ctx, q: PeopleQuery): Promise<RoomPeople> {
  const user = requireCaller(ctx);
  if (!(await mayCreateRooms(ctx, user))) throw new AppError(403, 'bbb.create_not_allowed');
  const reach = reachOf(user);
  const opts = { q: q.q || undefined, limit: PEOPLE_LIMIT };
  const [people, groups] = await Promise.all([
    findPeopleInReach(ctx.db, ctx.schoolId, reach.people, { ...opts, excludeId: user.id }),
    findGroupsInReach(ctx.db, ctx.schoolId, reach.groups, opts),
  ]);
  return { people, groups };
}

const unknownPerson = () => new AppError(422, 'bbb.unknown_person');

/** Everyone newly added must be in the caller's reach (decision 067); 422 bbb.unknown_person otherwise. */
async function checkReach(
  ctx: Ctx,
  db: Db,
  user: SessionUser,
  userIds: number[],
  groupIds: number[],
): Promise<void> {
  const reach = reachOf(user);
  if (userIds.length) {
    const found = await findPeopleInReach(db, ctx.schoolId, reach.people, {
      only: userIds,
      limit: userIds.length,
    });
    if (found.length !== userIds.length) throw unknownPerson();
  }
  if (groupIds.length) {
    const found = await findGroupsInReach(db, ctx.schoolId, reach.groups, {
      only: groupIds,
      limit: groupIds.length,
    });
    if (found.length !== groupIds.length) throw unknownPerson();
  }
}

/** Distinct ids without the owner (always a member and a moderator). */
const others = (list: readonly number[], ownerId: number) =>
  [...new Set(list)].filter((id) => id !== ownerId);

/** POST /api/bbb (create-room): the caller owns the room and moderates it. */
export async function createRoom(ctx: Ctx, input: Input): Promise<RoomDetails> {
  const user = requireCaller(ctx);
  if (!(await mayCreateRooms(ctx, user))) throw new AppError(403, 'bbb.create_not_allowed');
  if (input.settings.guestPolicy !== 'none' && !hasRole(user, 'teacher')) throw guestsNeedTeacher();
  const userIds = others(input.userIds, user.id);
  const groupIds = [...new Set(input.groupIds)];
  const moderatorIds = new Set(others(input.moderatorIds, user.id));
  if ([...moderatorIds].some((id) => !userIds.includes(id))) throw unknownPerson();
  await checkReach(ctx, ctx.db, user, userIds, groupIds);
  const id = await withFreshCode((code) =>
    transaction(ctx.db, async (tx) => {
      const roomId = await insertRoom(tx, {
        schoolId: ctx.schoolId,
        ownerId: user.id,
        name: input.name,
        code,
        ...newMeeting(),
        muteOnJoin: input.settings.muteOnJoin,
        guestPolicy: input.settings.guestPolicy,
        anyoneCanStart: input.settings.anyoneCanStart,
        maxParticipants: input.settings.maxParticipants,
        createdAt: ctx.clock(),
      });
      await replacePersonMembers(
        tx,
        roomId,
        userIds.map((userId) => ({ userId, moderator: moderatorIds.has(userId) })),
      );
      await replaceGroups(tx, roomId, groupIds);
      await audit(ctx, 'bbb.room_create', {
        details: { roomId, name: input.name, people: userIds.length, groups: groupIds },
        db: tx,
      });
      return roomId;
    }),
  );
  const v = viewerOf(user);
  const row = (await findRoom(ctx.db, ctx.schoolId, v, id))!;
  // a new room's meeting cannot run yet
  const configured = (await bbbServer(ctx)) !== null;
  return details(ctx, row, v, {
    running: configured ? false : null,
    participantCount: configured ? 0 : null,
  });
}

/**
 * PATCH /api/bbb/:id: the owner and admins change anything; the room's other moderators may only give it
 * a new code (revokeCode), everyone else gets 403 bbb.not_room_owner (also for an empty change); non-members
 * 404. Read, checked and written in one transaction on the locked row: a parallel change waits and builds
 * on this one (no lost update), a parallel delete makes it 404 (decision 067).
 */
export async function changeRoom(ctx: Ctx, id: number, patch: Patch): Promise<RoomDetails> {
  const user = requireCaller(ctx);
  const v = viewerOf(user);
  const { revokeCode, ...edits } = patch;
  const editing = Object.values(edits).some((value) => value !== undefined);
  // a pupil's room stays theirs to delete, but changing it needs the permission to create rooms, as now
  const mayEdit = !editing || (await mayCreateRooms(ctx, user));
  const write = (code: string | undefined) =>
    transaction(ctx.db, async (tx) => {
      const row = await findRoom(tx, ctx.schoolId, v, id, { forUpdate: true });
      if (!row || !partOf(row, v).member) throw AppError.notFound();
      const part = partOf(row, v);
      if (!part.canEdit && !(part.moderator && revokeCode && !editing))
        throw new AppError(403, 'bbb.not_room_owner');
      if (!mayEdit) throw new AppError(403, 'bbb.create_not_allowed');
      if (patch.settings?.guestPolicy && patch.settings.guestPolicy !== 'none' && !row.ownerTeaches)
        throw guestsNeedTeacher();
      await applyChange(ctx, tx, user, row, patch, code);
    });
  await (revokeCode ? withFreshCode(write) : write(undefined));
  const row = await findRoom(ctx.db, ctx.schoolId, v, id);
  // deleted the moment after
  if (!row) throw AppError.notFound();
  return details(ctx, row, v);
}

/** The checked change of changeRoom, in its transaction. */
async function applyChange(
  ctx: Ctx,
  tx: Db,
  user: SessionUser,
  row: RoomRow,
  patch: Patch,
  code: string | undefined,
): Promise<void> {
  const { revokeCode, ...edits } = patch;
  const id = row.id;
  const current = await findPersonMembers(tx, id);
  const currentIds = current.map((m) => m.id);
  const userIds = patch.userIds ? others(patch.userIds, row.ownerId) : currentIds;
  const flags = new Map(current.map((m) => [m.id, m.moderator]));
  const moderatorIds = new Set(
    patch.moderatorIds
      ? others(patch.moderatorIds, row.ownerId)
      : userIds.filter((userId) => flags.get(userId) === true),
  );
  if ([...moderatorIds].some((m) => !userIds.includes(m))) throw unknownPerson();
  if (patch.moderator) {
    if (!userIds.includes(patch.moderator.userId)) throw unknownPerson();
    if (patch.moderator.moderator) moderatorIds.add(patch.moderator.userId);
    else moderatorIds.delete(patch.moderator.userId);
  }
  const currentGroups = await findGroupIds(tx, id);
  const groupIds = patch.groupIds ? [...new Set(patch.groupIds)] : currentGroups;
  // only the newly added must be in the caller's reach: an admin's additions stay when the owner edits
  await checkReach(
    ctx,
    tx,
    user,
    userIds.filter((u) => !currentIds.includes(u)),
    groupIds.filter((g) => !currentGroups.includes(g)),
  );

  const settings = { ...settingsOf(row), ...(patch.settings ?? {}) };
  await updateRoom(tx, ctx.schoolId, id, {
    name: patch.name,
    code,
    muteOnJoin: settings.muteOnJoin,
    guestPolicy: settings.guestPolicy,
    anyoneCanStart: settings.anyoneCanStart,
    maxParticipants: settings.maxParticipants,
    updatedAt: ctx.clock(),
  });
  if (patch.userIds || patch.moderatorIds || patch.moderator)
    await replacePersonMembers(
      tx,
      id,
      userIds.map((userId) => ({ userId, moderator: moderatorIds.has(userId) })),
    );
  if (patch.groupIds) await replaceGroups(tx, id, groupIds);
  const fields = Object.entries(edits)
    .filter(([, value]) => value !== undefined)
    .map(([key]) => key);
  if (fields.length) await audit(ctx, 'bbb.room_update', { details: { roomId: id, fields }, db: tx });
  if (patch.moderator)
    await audit(ctx, 'bbb.moderator_change', {
      targetId: patch.moderator.userId,
      details: { roomId: id, moderator: patch.moderator.moderator },
      db: tx,
    });
  if (revokeCode) await audit(ctx, 'bbb.code_revoke', { details: { roomId: id }, db: tx });
}

/** DELETE /api/bbb/:id: the owner and admins; a running meeting is ended, as far as the server answers. */
export async function removeRoom(ctx: Ctx, id: number): Promise<void> {
  const user = requireCaller(ctx);
  const row = await memberRoom(ctx, user, id);
  if (!partOf(row, viewerOf(user)).canEdit) throw new AppError(403, 'bbb.not_room_owner');
  const server = await bbbServer(ctx);
  if (server) {
    try {
      await endMeeting(server, row.meetingId, row.moderatorPw);
      forgetStatus(server, row.meetingId);
    } catch (err) {
      if (!(err instanceof BbbError)) throw err;
      // the room goes anyway; BBB ends an empty meeting by itself
      ctx.log.warn({ failure: err.failure, messageKey: err.messageKey }, 'bbb: meeting not ended');
    }
  }
  await transaction(ctx.db, async (tx) => {
    await deleteRoomRow(tx, ctx.schoolId, id);
    await audit(ctx, 'bbb.room_delete', { details: { roomId: id, name: row.name }, db: tx });
  });
}
