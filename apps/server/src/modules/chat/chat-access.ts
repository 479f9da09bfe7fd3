// What every chat call shares (decisions 070, 072): the caller's part in a room, the
// shapes the contracts send, and the audience of a room's events.
import {
  hasRole,
  type ChatMessage,
  type ChatRoom,
  type ChatStudentPrivate,
  CHAT_STUDENT_PRIVATE,
  type EventData,
  type EventType,
} from '@aula/contracts';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SessionUser } from '../../core/session-types.ts';
import { configValues, serverConfigValue } from '../config/config.service.ts';
import { publishEvent } from '../events/events.service.ts';
import type { GroupReach } from '../groups/groups.service.ts';
import type { PeopleReach } from '../users/users.service.ts';
import { findMemberIds } from './chat-members.repo.ts';
import { findRoom, type RoomRow, type Viewer } from './chat.repo.ts';
import { type MessageRow } from './chat-messages.repo.ts';

export const isAdmin = (user: SessionUser) => hasRole(user, 'admin');
/** Teachers and admins make group rooms (decision 072). */
export const teaches = (user: SessionUser) => hasRole(user, 'teacher');

/**
 * The caller's part in a room. Moderators: members marked so (the owner always is), and in group rooms the
 * school's admins who are members. canEdit (name, members, moderators, config, delete): the same, in group
 * rooms only; a private room has no one to add and nothing to rename.
 */
export function partOf(row: RoomRow, user: SessionUser) {
  const group = row.kind === 'group';
  const moderator = group && (row.isPromoted || row.ownerId === user.id || (isAdmin(user) && row.isMember));
  // a private chat stays writable while the other person can answer (decision 072)
  const peerGone = !group && !row.peerActive;
  return {
    member: row.isMember,
    owner: group && row.ownerId === user.id,
    moderator,
    canEdit: moderator,
    peerGone,
    canPost: !peerGone && (!row.announcements || moderator),
    // reports go to a group room's moderators; a private chat has none, and moderators delete instead
    canReport: group && !moderator,
  };
}

/** 403 unless the caller may write in the room now: chat.peer_unavailable, chat.announcements_only. */
export function assertCanPost(row: RoomRow, user: SessionUser): void {
  const part = partOf(row, user);
  if (part.peerGone) throw new AppError(403, 'chat.peer_unavailable');
  if (!part.canPost) throw new AppError(403, 'chat.announcements_only');
}

/** The viewer of the room queries (the moderator rule needs the admin role). */
export const viewerOf = (user: SessionUser): Viewer => ({ id: user.id, admin: isAdmin(user) });

/**
 * A room of the caller's school the caller is a member of. 404 for another school's or no room at all, 403
 * chat.not_member for a room they are not in: they learn nothing about it, not even its name.
 */
export async function memberRoom(
  ctx: Ctx,
  db: Db,
  user: SessionUser,
  roomId: number,
  opts: { forUpdate?: boolean } = {},
): Promise<RoomRow> {
  const row = await findRoom(db, ctx.schoolId, viewerOf(user), roomId, opts);
  if (!row) throw AppError.notFound();
  if (!row.isMember) throw new AppError(403, 'chat.not_member');
  return row;
}

export const iso = (d: Date | string) => new Date(d).toISOString();

/** A message as members see it; `reports` only for the room's moderators. */
export function toMessage(row: MessageRow, opts: { moderator: boolean }): ChatMessage {
  const deleted = row.deletedAt !== null;
  const file =
    !deleted && row.fileId !== null && row.fileMime
      ? {
          name: row.fileName ?? 'file',
          mime: row.fileMime,
          size: row.fileSize ?? 0,
          width: row.fileWidth,
          height: row.fileHeight,
          url: `/api/matrix/file/${row.id}`,
        }
      : null;
  return {
    id: Number(row.id),
    roomId: row.roomId,
    sender: row.sender,
    body: deleted ? null : row.body,
    file,
    createdAt: iso(row.createdAt),
    editedAt: row.editedAt ? iso(row.editedAt) : null,
    deletedAt: row.deletedAt ? iso(row.deletedAt) : null,
    clientId: row.clientId,
    ...(opts.moderator ? { reports: deleted ? 0 : row.openReports } : {}),
  };
}

/** A room in the list: for a private room the other person's name. */
export function toRoom(row: RoomRow, user: SessionUser, lastMessage: MessageRow | null): ChatRoom {
  const part = partOf(row, user);
  return {
    id: row.id,
    kind: row.kind === 'private' ? 'private' : 'group',
    name: row.kind === 'private' ? (row.peer?.name ?? '') : (row.name ?? ''),
    peer: row.kind === 'private' ? row.peer : null,
    config: { announcements: row.announcements, uploads: row.uploads },
    unread: row.unread,
    lastMessage: lastMessage ? toMessage(lastMessage, { moderator: part.moderator }) : null,
    memberCount: row.memberCount,
    isModerator: part.moderator,
    canPost: part.canPost,
    canEdit: part.canEdit,
    canReport: part.canReport,
    reports: part.moderator ? row.reports : 0,
    createdAt: iso(row.createdAt),
  };
}

/** Raises an event to the room's members as they are now (in the change's transaction). */
export async function tellMembers<T extends EventType>(
  ctx: Ctx,
  tx: Db,
  roomId: number,
  type: T,
  data: EventData<T>,
): Promise<number[]> {
  const userIds = await findMemberIds(tx, roomId);
  if (userIds.length) await publishEvent(tx, { schoolId: ctx.schoolId, userIds }, type, data, ctx.clock());
  return userIds;
}

/** Raises an event to the given people (removed members, moderators). */
export async function tell<T extends EventType>(
  ctx: Ctx,
  tx: Db,
  userIds: readonly number[],
  type: T,
  data: EventData<T>,
): Promise<void> {
  if (userIds.length) await publishEvent(tx, { schoolId: ctx.schoolId, userIds }, type, data, ctx.clock());
}

export interface ChatSettings {
  seenIndicator: boolean;
  retentionDays: number;
  studentPrivate: ChatStudentPrivate;
}

export function parseStudentPrivate(raw: string): ChatStudentPrivate {
  return (CHAT_STUDENT_PRIVATE as readonly string[]).includes(raw)
    ? (raw as ChatStudentPrivate)
    : 'classmates';
}

export function parseRetentionDays(raw: string | undefined): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 0 ? n : 365;
}

/** The school's chat settings (spec 3.5 chat_show_seen_indicator; decision 072). */
export async function chatSettings(ctx: Ctx): Promise<ChatSettings> {
  const [values, studentPrivate] = await Promise.all([
    configValues(ctx, ['chat_show_seen_indicator', 'chat_retention_days']),
    serverConfigValue(ctx, 'chat_student_private'),
  ]);
  return {
    seenIndicator: values.chat_show_seen_indicator !== 'false',
    retentionDays: parseRetentionDays(values.chat_retention_days),
    studentPrivate: parseStudentPrivate(studentPrivate),
  };
}

/** Whom the caller may start a private chat with (decision 072). */
export function privateReach(user: SessionUser, studentPrivate: ChatStudentPrivate): PeopleReach {
  if (isAdmin(user)) return { kind: 'all' };
  if (teaches(user)) return { kind: 'staff-and-groups', groupIds: user.groupIds };
  if (studentPrivate === 'none') return { kind: 'none' };
  return { kind: 'groups', groupIds: user.groupIds, staffOnly: studentPrivate === 'teachers' };
}

/** Whom the caller may add to a group room: admins everyone, teachers colleagues and their groups' pupils. */
export function roomReach(user: SessionUser): PeopleReach {
  if (isAdmin(user)) return { kind: 'all' };
  if (teaches(user)) return { kind: 'staff-and-groups', groupIds: user.groupIds };
  return { kind: 'none' };
}

/** Which groups the caller may add: admins any, teachers their own, pupils none. */
export function groupReach(user: SessionUser): GroupReach {
  if (isAdmin(user)) return { all: true, own: [] };
  return { all: false, own: teaches(user) ? user.groupIds : [] };
}
