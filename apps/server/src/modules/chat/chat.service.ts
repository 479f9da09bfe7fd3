// Chat rooms (spec 1, 2.5, 3.6, 7.3; decisions 070, 072): the chat's config, the device at login, the room list,
// group rooms and private rooms, members and moderators, the per-room config, and whom the caller may write
// to or add. Messages, seen markers, reports and files are in chat-messages.service.ts. Every call answers
// 404 while the school has switched `chat` off; a room of another school is 404, one the caller is not in 403.
import type {
  ChatAddUsersSchema,
  ChatPeople,
  ChatPeopleQuerySchema,
  ChatRoomConfig,
  ChatRoomDetails,
  ChatRoomInputSchema,
  ChatRoomList,
  ChatRoomPatchSchema,
} from '@aula/contracts';
import type { z } from 'zod';
import { requireCaller, type Ctx } from '../../context.ts';
import { transaction, type Db } from '../../db/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SessionUser } from '../../core/session-types.ts';
import { audit } from '../audit/audit.service.ts';
import { deleteFiles, lockFiles } from '../files/files.service.ts';
import { findGroupsInReach } from '../groups/groups.service.ts';
import { findPeopleInReach } from '../users/users.service.ts';
import {
  chatSettings,
  groupReach,
  memberRoom,
  partOf,
  privateReach,
  roomReach,
  teaches,
  tell,
  tellMembers,
  toRoom,
  viewerOf,
} from './chat-access.ts';
import {
  addGroups,
  addPersonMembers,
  deleteRoomRow,
  findMembers,
  findOrInsertPrivateRoom,
  findPersonMemberIds,
  findPrivateRoomId,
  findRoom,
  findRoomGroups,
  findRoomsOf,
  insertRoom,
  removeGroups,
  removePersonMembers,
  setModerator,
  updateRoom,
  type RoomRow,
} from './chat.repo.ts';
import { findMemberIds } from './chat-members.repo.ts';
import { findMessagesById, findRoomFileIds, findSeen } from './chat-messages.repo.ts';

type RoomInput = z.output<typeof ChatRoomInputSchema>;
type RoomPatch = z.output<typeof ChatRoomPatchSchema>;
type Members = z.output<typeof ChatAddUsersSchema>;
type PeopleQuery = z.output<typeof ChatPeopleQuerySchema>;

/** People and groups the pickers get per search. */
const PEOPLE_LIMIT = 50;

const unknownPerson = () => new AppError(422, 'chat.unknown_person');
const notModerator = () => new AppError(403, 'chat.not_moderator');
const privateRoom = () => new AppError(422, 'chat.private_room');

/** GET /api/matrix/rooms: the caller's rooms with unread counts and last messages, in two queries. */
export async function listChatRooms(ctx: Ctx): Promise<ChatRoomList> {
  const user = requireCaller(ctx);
  const rows = await findRoomsOf(ctx.db, ctx.schoolId, viewerOf(user));
  const last = await findMessagesById(
    ctx.db,
    rows.map((r) => r.lastMessageId).filter((id): id is number => id !== null),
  );
  const byId = new Map(last.map((m) => [Number(m.id), m]));
  return {
    items: rows.map((r) => toRoom(r, user, r.lastMessageId ? (byId.get(r.lastMessageId) ?? null) : null)),
  };
}

async function details(ctx: Ctx, user: SessionUser, row: RoomRow): Promise<ChatRoomDetails> {
  const [members, groups, settings, last] = await Promise.all([
    findMembers(ctx.db, row.id),
    findRoomGroups(ctx.db, row.id),
    chatSettings(ctx),
    row.lastMessageId ? findMessagesById(ctx.db, [row.lastMessageId]) : Promise.resolve([]),
  ]);
  const seen = settings.seenIndicator
    ? await findSeen(
        ctx.db,
        row.id,
        members.map((m) => m.id),
      )
    : [];
  return {
    ...toRoom(row, user, last[0] ?? null),
    owner: row.owner,
    members,
    groups,
    seen: seen.map((s) => ({ userId: s.userId, messageId: Number(s.messageId) })),
  };
}

/** GET /api/matrix/{roomId}: the room with its members, groups and (when shown) seen markers. */
export async function getChatRoom(ctx: Ctx, roomId: number): Promise<ChatRoomDetails> {
  const user = requireCaller(ctx);
  return details(ctx, user, await memberRoom(ctx, ctx.db, user, roomId));
}

async function fresh(ctx: Ctx, user: SessionUser, roomId: number): Promise<ChatRoomDetails> {
  const row = await findRoom(ctx.db, ctx.schoolId, viewerOf(user), roomId);
  // deleted, or the caller removed themself, the moment after
  if (!row) throw AppError.notFound();
  if (!row.isMember) throw new AppError(403, 'chat.not_member');
  return details(ctx, user, row);
}

/** Everyone and every group newly added must be in the caller's reach (decision 072). */
async function checkReach(ctx: Ctx, db: Db, user: SessionUser, userIds: number[], groupIds: number[]) {
  if (userIds.length) {
    const found = await findPeopleInReach(db, ctx.schoolId, roomReach(user), {
      only: userIds,
      activeOnly: true,
      limit: userIds.length,
    });
    if (found.length !== userIds.length) throw unknownPerson();
  }
  if (groupIds.length) {
    const found = await findGroupsInReach(db, ctx.schoolId, groupReach(user), {
      only: groupIds,
      limit: groupIds.length,
    });
    if (found.length !== groupIds.length) throw unknownPerson();
  }
}

const distinct = (list: readonly number[], without?: number) =>
  [...new Set(list)].filter((id) => id !== without);

/** POST /api/matrix/room (create-room): teachers and admins; the maker owns and moderates the room. */
export async function createChatRoom(ctx: Ctx, input: RoomInput): Promise<ChatRoomDetails> {
  const user = requireCaller(ctx);
  if (!teaches(user)) throw new AppError(403, 'chat.create_not_allowed');
  const userIds = distinct(input.userIds, user.id);
  const groupIds = distinct(input.groupIds);
  const moderatorIds = new Set(distinct(input.moderatorIds, user.id));
  if ([...moderatorIds].some((id) => !userIds.includes(id))) throw unknownPerson();
  await checkReach(ctx, ctx.db, user, userIds, groupIds);
  const now = ctx.clock();
  const roomId = await transaction(ctx.db, async (tx) => {
    const id = await insertRoom(tx, {
      schoolId: ctx.schoolId,
      kind: 'group',
      name: input.name,
      ownerId: user.id,
      privateKey: null,
      announcements: input.config.announcements,
      uploads: input.config.uploads,
      createdAt: now,
    });
    await addPersonMembers(
      tx,
      id,
      [
        { userId: user.id, moderator: true },
        ...userIds.map((userId) => ({ userId, moderator: moderatorIds.has(userId) })),
      ],
      now,
    );
    await addGroups(tx, id, groupIds);
    await audit(ctx, 'chat.room_create', {
      details: { roomId: id, name: input.name, people: userIds.length, groups: groupIds },
      db: tx,
    });
    await tellMembers(ctx, tx, id, 'chat.room', { roomId: id });
    return id;
  });
  return fresh(ctx, user, roomId);
}

/**
 * POST /api/matrix/privateroom (user-search): the private room with that person, made if missing. Making one
 * needs the person in the caller's reach (decision 072); an existing one is found for both of them.
 */
export async function openPrivateRoom(ctx: Ctx, peerId: number): Promise<ChatRoomDetails> {
  const user = requireCaller(ctx);
  if (peerId === user.id) throw new AppError(403, 'chat.private_not_allowed');
  const privateKey = `${Math.min(user.id, peerId)}:${Math.max(user.id, peerId)}`;
  const settings = await chatSettings(ctx);
  const id = await transaction(ctx.db, async (tx) => {
    const reach = privateReach(user, settings.studentPrivate);
    const [peer] = await findPeopleInReach(tx, ctx.schoolId, reach, {
      only: [peerId],
      activeOnly: true,
      limit: 1,
    });
    const room = {
      schoolId: ctx.schoolId,
      kind: 'private' as const,
      name: null,
      ownerId: null,
      privateKey,
      announcements: false,
      uploads: true,
      createdAt: ctx.clock(),
    };
    if (!peer) {
      // no new chat, but one the other started (or that was allowed before) stays theirs
      const existing = await findPrivateRoomId(tx, ctx.schoolId, privateKey);
      if (existing === null) throw new AppError(403, 'chat.private_not_allowed');
      return existing;
    }
    const made = await findOrInsertPrivateRoom(tx, room, [user.id, peerId]);
    if (made.created) await tellMembers(ctx, tx, made.id, 'chat.room', { roomId: made.id });
    return made.id;
  });
  return fresh(ctx, user, id);
}

/** A group room the caller may edit, locked for the change; 403/404 otherwise. */
async function editableRoom(ctx: Ctx, tx: Db, user: SessionUser, roomId: number): Promise<RoomRow> {
  const row = await memberRoom(ctx, tx, user, roomId, { forUpdate: true });
  if (row.kind === 'private') throw privateRoom();
  if (!partOf(row, user).canEdit) throw notModerator();
  return row;
}

/** POST /api/matrix/room/addUsers: the room's moderators, within their reach. */
export async function addChatMembers(ctx: Ctx, input: Members): Promise<ChatRoomDetails> {
  const user = requireCaller(ctx);
  await transaction(ctx.db, async (tx) => {
    await editableRoom(ctx, tx, user, input.roomId);
    const current = new Set(await findPersonMemberIds(tx, input.roomId));
    const currentGroups = new Set((await findRoomGroups(tx, input.roomId)).map((g) => g.id));
    const userIds = distinct(input.userIds).filter((id) => !current.has(id));
    const groupIds = distinct(input.groupIds).filter((id) => !currentGroups.has(id));
    await checkReach(ctx, tx, user, userIds, groupIds);
    if (!userIds.length && !groupIds.length) return;
    await addPersonMembers(
      tx,
      input.roomId,
      userIds.map((userId) => ({ userId, moderator: false })),
      ctx.clock(),
    );
    await addGroups(tx, input.roomId, groupIds);
    await audit(ctx, 'chat.members_change', {
      details: { roomId: input.roomId, added: userIds, addedGroups: groupIds },
      db: tx,
    });
    // the new members hear of the room too: the audience is read after the change
    await tellMembers(ctx, tx, input.roomId, 'chat.room', { roomId: input.roomId });
  });
  return fresh(ctx, user, input.roomId);
}

/**
 * POST /api/matrix/room/removeUsers: the room's moderators remove people and whole groups (not the owner).
 * Whoever is no longer a member gets chat.room.removed and none of the room's later events.
 */
export async function removeChatMembers(ctx: Ctx, input: Members): Promise<ChatRoomDetails | null> {
  const user = requireCaller(ctx);
  const stillMember = await transaction(ctx.db, async (tx) => {
    const row = await editableRoom(ctx, tx, user, input.roomId);
    const userIds = distinct(input.userIds);
    if (row.ownerId !== null && userIds.includes(row.ownerId)) throw unknownPerson();
    const before = await findMemberIds(tx, input.roomId);
    await removePersonMembers(tx, input.roomId, userIds);
    await removeGroups(tx, input.roomId, distinct(input.groupIds));
    const after = await findMemberIds(tx, input.roomId);
    const gone = before.filter((id) => !after.includes(id));
    if (gone.length || userIds.length || input.groupIds.length)
      await audit(ctx, 'chat.members_change', {
        details: { roomId: input.roomId, removed: userIds, removedGroups: distinct(input.groupIds), gone },
        db: tx,
      });
    await tell(ctx, tx, gone, 'chat.room.removed', { roomId: input.roomId });
    await tellMembers(ctx, tx, input.roomId, 'chat.room', { roomId: input.roomId });
    return after.includes(user.id);
  });
  // a moderator who removed themself (through a group) is no longer in the room
  return stillMember ? fresh(ctx, user, input.roomId) : null;
}

/** POST /api/matrix/room/delete: the room's moderators delete a group room, its messages and files. */
export async function deleteChatRoom(ctx: Ctx, roomId: number): Promise<void> {
  const user = requireCaller(ctx);
  await transaction(ctx.db, async (tx) => {
    const row = await editableRoom(ctx, tx, user, roomId);
    await lockFiles(tx, ctx.schoolId);
    const fileIds = await findRoomFileIds(tx, roomId);
    // everyone hears it before the room and its members are gone
    await tellMembers(ctx, tx, roomId, 'chat.room.removed', { roomId });
    await deleteRoomRow(tx, ctx.schoolId, roomId);
    await deleteFiles(tx, ctx.schoolId, fileIds);
    await audit(ctx, 'chat.room_delete', { details: { roomId, name: row.name }, db: tx });
  });
}

/** GET /api/matrix/{roomId}/config */
export async function getChatRoomConfig(ctx: Ctx, roomId: number): Promise<ChatRoomConfig> {
  const user = requireCaller(ctx);
  const row = await memberRoom(ctx, ctx.db, user, roomId);
  return { announcements: row.announcements, uploads: row.uploads };
}

/** POST /api/matrix/{roomId}/config: the room's moderators. */
export async function setChatRoomConfig(
  ctx: Ctx,
  roomId: number,
  config: ChatRoomConfig,
): Promise<ChatRoomConfig> {
  const user = requireCaller(ctx);
  await transaction(ctx.db, async (tx) => {
    const row = await editableRoom(ctx, tx, user, roomId);
    if (row.announcements === config.announcements && row.uploads === config.uploads) return;
    await updateRoom(tx, ctx.schoolId, roomId, config);
    await audit(ctx, 'chat.room_update', { details: { roomId, config }, db: tx });
    await tellMembers(ctx, tx, roomId, 'chat.room', { roomId });
  });
  return config;
}

/** PATCH /api/matrix/{roomId}: rename, promote or revoke a moderator (the room's moderators). */
export async function changeChatRoom(ctx: Ctx, roomId: number, patch: RoomPatch): Promise<ChatRoomDetails> {
  const user = requireCaller(ctx);
  await transaction(ctx.db, async (tx) => {
    const row = await editableRoom(ctx, tx, user, roomId);
    if (patch.name !== undefined && patch.name !== row.name) {
      await updateRoom(tx, ctx.schoolId, roomId, { name: patch.name });
      await audit(ctx, 'chat.room_update', { details: { roomId, fields: ['name'] }, db: tx });
    }
    if (patch.moderator) {
      const { userId, moderator } = patch.moderator;
      // the owner stays a moderator; only people added one by one can be one
      if (userId === row.ownerId) throw unknownPerson();
      if (!(await setModerator(tx, roomId, userId, moderator))) throw unknownPerson();
      await audit(ctx, 'chat.moderator_change', { targetId: userId, details: { roomId, moderator }, db: tx });
    }
    await tellMembers(ctx, tx, roomId, 'chat.room', { roomId });
  });
  return fresh(ctx, user, roomId);
}

/** GET /api/matrix/people: whom the caller may start a private chat with (for=private) or add (for=room). */
export async function findChatPeople(ctx: Ctx, q: PeopleQuery): Promise<ChatPeople> {
  const user = requireCaller(ctx);
  const text = q.q || undefined;
  if (q.for === 'private') {
    const settings = await chatSettings(ctx);
    const people = await findPeopleInReach(
      ctx.db,
      ctx.schoolId,
      privateReach(user, settings.studentPrivate),
      {
        q: text,
        excludeId: user.id,
        activeOnly: true,
        limit: PEOPLE_LIMIT,
      },
    );
    return { people, groups: [] };
  }
  if (!teaches(user)) throw new AppError(403, 'chat.create_not_allowed');
  const [people, groups] = await Promise.all([
    findPeopleInReach(ctx.db, ctx.schoolId, roomReach(user), {
      q: text,
      excludeId: user.id,
      activeOnly: true,
      limit: PEOPLE_LIMIT,
    }),
    findGroupsInReach(ctx.db, ctx.schoolId, groupReach(user), { q: text, limit: PEOPLE_LIMIT }),
  ]);
  return { people, groups };
}
