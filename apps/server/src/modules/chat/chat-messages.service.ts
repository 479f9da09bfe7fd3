// Chat messages (spec 2.5, 3.6, 7.3; decisions 070, 072): pages by cursor, sending (text or a file) with a
// client id that makes a retry land once, editing one's own with history, deleting (one's own; moderators
// any), seen markers (only shown when the school shows them), reports to the room's moderators, and a
// message's file for members. Each change raises its event to the room's members as they are at that moment.
import type { ChatHistorySchema, ChatMessage, ChatMessagePage } from '@aula/contracts';
import { ChatClientIdSchema, ChatEditSchema, MAX_CHAT_MESSAGE } from '@aula/contracts';
import type { z } from 'zod';
import { requireCaller, type Ctx } from '../../context.ts';
import { isDbUnavailable, transaction, type Db } from '../../db/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { publishDomainEvent } from '../../lib/domain-events.ts';
import type { SessionUser } from '../../core/session-types.ts';
import { audit } from '../audit/audit.service.ts';
import { deleteFiles, lockFiles, readFile } from '../files/files.service.ts';
import { fileUpload } from '../files/file-upload.ts';
import {
  assertCanPost,
  chatSettings,
  iso,
  memberRoom,
  partOf,
  tell,
  tellMembers,
  toMessage,
  viewerOf,
} from './chat-access.ts';
import { uploaderOf } from '../files/file-checks.ts';
import { prepareChatUpload } from './chat-upload.ts';
import { findModeratorIds } from './chat-members.repo.ts';
import { findRoom, isUserDisabled, type RoomRow } from './chat.repo.ts';
import {
  editMessage,
  findEdits,
  findMessage,
  findMessageByClientId,
  findMessagePage,
  insertMessage,
  insertReport,
  markMessageDeleted,
  markSeen,
  resolveReports,
  type NewMessage,
} from './chat-messages.repo.ts';

type History = z.infer<typeof ChatHistorySchema>;

/** GET /api/matrix/{roomId}/messages: a page, newest first; one query, limit+1 rows tell whether more follow. */
export async function listMessages(
  ctx: Ctx,
  roomId: number,
  q: { before?: number; limit: number },
): Promise<ChatMessagePage> {
  const user = requireCaller(ctx);
  const row = await memberRoom(ctx, ctx.db, user, roomId);
  const rows = await findMessagePage(ctx.db, roomId, q.before, q.limit + 1);
  const page = rows.slice(0, q.limit);
  const moderator = partOf(row, user).moderator;
  return {
    items: page.map((m) => toMessage(m, { moderator })),
    nextBefore: rows.length > q.limit ? Number(page.at(-1)!.id) : null,
  };
}

/** The room checks of a send: a member, allowed to post here, not blocked now. */
async function checkSend(ctx: Ctx, tx: Db, user: SessionUser, roomId: number): Promise<RoomRow> {
  const row = await memberRoom(ctx, tx, user, roomId);
  assertCanPost(row, user);
  // a block ends the sessions; a request already under way is refused here (decision 072)
  if (await isUserDisabled(tx, user.id)) throw new AppError(403, 'chat.blocked');
  return row;
}

/**
 * Inserts the message and raises chat.message to the members, or finds the earlier send with the same
 * client id (a retry): then nothing is written and no event raised. `created` tells which.
 */
async function writeMessage(
  ctx: Ctx,
  tx: Db,
  row: RoomRow,
  user: SessionUser,
  message: NewMessage,
): Promise<{ message: ChatMessage; created: boolean }> {
  const moderator = partOf(row, user).moderator;
  const id = await insertMessage(tx, message);
  if (id === null) {
    const earlier = (await findMessageByClientId(tx, row.id, user.id, message.clientId))!;
    return { message: toMessage(earlier, { moderator }), created: false };
  }
  const stored = (await findMessage(tx, ctx.schoolId, row.id, id))!;
  // members get it without the moderators' report count
  const memberIds = await tellMembers(ctx, tx, row.id, 'chat.message', {
    roomId: row.id,
    message: toMessage(stored, { moderator: false }),
  });
  await publishDomainEvent(tx, ctx, 'chat.message_sent', {
    roomId: row.id,
    messageId: id,
    senderId: user.id,
    memberIds,
  });
  return { message: toMessage(stored, { moderator }), created: true };
}

/** POST /api/matrix/{roomId}/messages: 201 with the new message, 200 with the earlier one for a retry. */
export async function sendMessage(
  ctx: Ctx,
  roomId: number,
  input: { body: string; clientId: string },
): Promise<{ message: ChatMessage; created: boolean }> {
  const user = requireCaller(ctx);
  return transaction(ctx.db, async (tx) => {
    const row = await checkSend(ctx, tx, user, roomId);
    return writeMessage(ctx, tx, row, user, {
      schoolId: ctx.schoolId,
      roomId,
      senderId: user.id,
      body: input.body,
      clientId: input.clientId,
      createdAt: ctx.clock(),
    });
  });
}

export interface UploadInput {
  fields: Record<string, string>;
  file: Buffer | null;
  fileName: string;
}

/**
 * POST /api/matrix/{roomId}/upload: a file with an optional text. The room must take files (403
 * chat.uploads_off); the file is checked and re-encoded outside the transaction, stored through the file store
 * inside it with the quotas; a store that fails answers 507 chat.upload_failed and keeps nothing (decision 078).
 */
export async function uploadMessage(
  ctx: Ctx,
  roomId: number,
  form: UploadInput,
): Promise<{ message: ChatMessage; created: boolean }> {
  const user = requireCaller(ctx);
  const clientId = ChatClientIdSchema.safeParse(form.fields.clientId ?? '');
  const text = (form.fields.body ?? '').trim();
  const body = text ? ChatEditSchema.shape.body.safeParse(text) : null;
  const issues = [
    ...(clientId.success
      ? []
      : [{ path: 'clientId', code: 'common.validation' as const, message: 'invalid' }]),
    ...(body && !body.success
      ? [
          {
            path: 'body',
            code: 'common.validation' as const,
            message: `at most ${MAX_CHAT_MESSAGE} characters`,
          },
        ]
      : []),
  ];
  if (issues.length || !clientId.success) throw AppError.validation(issues);
  const row = await memberRoom(ctx, ctx.db, user, roomId);
  assertCanPost(row, user);
  if (!row.uploads) throw new AppError(403, 'chat.uploads_off');
  // a retry of a send that landed: the same message, no second file
  const earlier = await findMessageByClientId(ctx.db, roomId, user.id, clientId.data);
  if (earlier)
    return { message: toMessage(earlier, { moderator: partOf(row, user).moderator }), created: false };
  if (!form.file)
    throw AppError.validation([{ path: 'file', code: 'common.validation', message: 'required' }]);
  const upload = await prepareChatUpload(form.file, form.fileName, uploaderOf(ctx));
  const stored = fileUpload(ctx, user);
  // after the preparation, which is cheap for a file and tells the exact size to precheck
  await stored.precheck({ minBytes: upload.data.length, uploadedBytes: form.file.length });
  return transaction(ctx.db, async (tx) => {
    const room = await checkSend(ctx, tx, user, roomId);
    if (!room.uploads) throw new AppError(403, 'chat.uploads_off');
    let fileId: number;
    try {
      fileId = await stored.store(tx, upload);
    } catch (err) {
      // the database away is Aula's outage: the errors plugin's 503 with Retry-After, like every route
      if (err instanceof AppError || isDbUnavailable(err)) throw err;
      ctx.log.error({ err }, 'chat: the file store failed');
      // 507 Insufficient Storage, not 503: a store that refuses the file is not Aula down (decision 078)
      throw new AppError(507, 'chat.upload_failed');
    }
    await stored.check(tx);
    return writeMessage(ctx, tx, room, user, {
      schoolId: ctx.schoolId,
      roomId,
      senderId: user.id,
      body: body?.success ? body.data : null,
      clientId: clientId.data,
      createdAt: ctx.clock(),
      file: {
        id: fileId,
        name: upload.name,
        mime: upload.mime,
        size: upload.data.length,
        width: upload.width,
        height: upload.height,
      },
    });
  });
}

/** A message of a room the caller is in, locked for the change; 404 for a message not in that room. */
async function roomMessage(ctx: Ctx, tx: Db, user: SessionUser, roomId: number, messageId: number) {
  const room = await memberRoom(ctx, tx, user, roomId);
  const message = await findMessage(tx, ctx.schoolId, roomId, messageId, { forUpdate: true });
  if (!message) throw AppError.notFound();
  return { room, message };
}

/** PUT /api/matrix/{roomId}/messages/{messageId} (edit-msg): one's own, not deleted; the old text is kept. */
export async function editChatMessage(
  ctx: Ctx,
  roomId: number,
  messageId: number,
  body: string,
): Promise<ChatMessage> {
  const user = requireCaller(ctx);
  return transaction(ctx.db, async (tx) => {
    const { room, message } = await roomMessage(ctx, tx, user, roomId, messageId);
    if (message.senderId !== user.id) throw new AppError(403, 'chat.not_own_message');
    if (message.deletedAt) throw new AppError(409, 'chat.message_deleted');
    // an edit writes to the room as a send does: not in announcements mode, not to someone who left
    assertCanPost(room, user);
    if (await isUserDisabled(tx, user.id)) throw new AppError(403, 'chat.blocked');
    const moderator = partOf(room, user).moderator;
    if (message.body === body) return toMessage(message, { moderator });
    const previous = { body: message.body ?? '', at: message.editedAt ?? message.createdAt };
    await editMessage(tx, messageId, previous, body, ctx.clock());
    const stored = (await findMessage(tx, ctx.schoolId, roomId, messageId))!;
    await tellMembers(ctx, tx, roomId, 'chat.message.edited', {
      roomId,
      message: toMessage(stored, { moderator: false }),
    });
    return toMessage(stored, { moderator });
  });
}

/** GET /api/matrix/{roomId}/messages/{messageId}/history (history-msg): every version, oldest first. */
export async function messageHistory(ctx: Ctx, roomId: number, messageId: number): Promise<History> {
  const user = requireCaller(ctx);
  await memberRoom(ctx, ctx.db, user, roomId);
  const message = await findMessage(ctx.db, ctx.schoolId, roomId, messageId);
  if (!message) throw AppError.notFound();
  if (message.deletedAt) return { items: [] };
  const edits = await findEdits(ctx.db, messageId);
  return {
    items: [
      ...edits.map((e) => ({ body: e.body, at: iso(e.at) })),
      { body: message.body ?? '', at: iso(message.editedAt ?? message.createdAt) },
    ],
  };
}

/**
 * POST /api/matrix/message/delete: one's own message, or any of the room for its moderators (audited). The
 * row stays as "deleted"; text, file and history go at once.
 */
export async function deleteChatMessage(ctx: Ctx, roomId: number, messageId: number): Promise<void> {
  const user = requireCaller(ctx);
  await transaction(ctx.db, async (tx) => {
    const { room, message } = await roomMessage(ctx, tx, user, roomId, messageId);
    const own = message.senderId === user.id;
    if (!own && !partOf(room, user).moderator) throw new AppError(403, 'chat.not_own_message');
    if (message.deletedAt) return;
    await lockFiles(tx, ctx.schoolId);
    const fileId = await markMessageDeleted(tx, messageId, user.id, ctx.clock(), { moderator: !own });
    await deleteFiles(tx, ctx.schoolId, [fileId]);
    // the sender's export holds this entry: what was done to their message, not whether it was reported (077)
    if (!own)
      await audit(ctx, 'chat.message_delete', {
        targetId: message.senderId,
        details: { roomId, messageId },
        db: tx,
      });
    await tellMembers(ctx, tx, roomId, 'chat.message.deleted', { roomId, messageId });
  });
}

/** POST /api/matrix/{roomId}/seen: moves the caller's marker; chat.seen only while the school shows it. */
export async function markChatSeen(ctx: Ctx, roomId: number, messageId: number): Promise<void> {
  const user = requireCaller(ctx);
  const settings = await chatSettings(ctx);
  await transaction(ctx.db, async (tx) => {
    await memberRoom(ctx, tx, user, roomId);
    const message = await findMessage(tx, ctx.schoolId, roomId, messageId);
    if (!message) throw AppError.notFound();
    const moved = await markSeen(tx, roomId, user.id, messageId, ctx.clock());
    if (moved && settings.seenIndicator)
      await tellMembers(ctx, tx, roomId, 'chat.seen', { roomId, userId: user.id, messageId });
  });
}

/**
 * POST /api/matrix/{roomId}/messages/{messageId}/report: a member of a group room tells the room's owner and
 * moderators; in a private chat 422 chat.report_private (it has no moderator).
 */
export async function reportChatMessage(
  ctx: Ctx,
  roomId: number,
  messageId: number,
  reason: string,
): Promise<void> {
  const user = requireCaller(ctx);
  await transaction(ctx.db, async (tx) => {
    const { room, message } = await roomMessage(ctx, tx, user, roomId, messageId);
    // a private chat has no moderator to read a report (decision 072)
    if (room.kind === 'private') throw new AppError(422, 'chat.report_private');
    if (message.deletedAt) throw new AppError(409, 'chat.message_deleted');
    const made = await insertReport(tx, {
      schoolId: ctx.schoolId,
      messageId,
      reporterId: user.id,
      reason,
      at: ctx.clock(),
    });
    if (!made) return;
    // who reported and why stays with the reporter (their export holds the chat_reports row) and the
    // moderators, who see a count (decision 077): the entry names neither reporter nor reported person, nor
    // the reason, and keeps the reporter's address out, so no export and no admin's log view can tell them
    await audit(ctx, 'chat.report', { anonymous: true, details: { roomId, messageId }, db: tx });
    await tell(ctx, tx, await findModeratorIds(tx, roomId), 'chat.report', { roomId, messageId });
  });
}

/** POST /api/matrix/{roomId}/messages/{messageId}/report/dismiss: the room's moderators close the reports. */
export async function dismissChatReports(ctx: Ctx, roomId: number, messageId: number): Promise<void> {
  const user = requireCaller(ctx);
  await transaction(ctx.db, async (tx) => {
    const { room } = await roomMessage(ctx, tx, user, roomId, messageId);
    if (!partOf(room, user).moderator) throw new AppError(403, 'chat.not_moderator');
    const closed = await resolveReports(tx, messageId, user.id, ctx.clock());
    if (!closed) return;
    await audit(ctx, 'chat.report_dismiss', { details: { roomId, messageId, reports: closed }, db: tx });
    await tell(ctx, tx, await findModeratorIds(tx, roomId), 'chat.report', { roomId, messageId });
  });
}

/** GET /api/matrix/file/{messageId}: the file of a message, to the members of its room only. */
export async function chatFile(
  ctx: Ctx,
  messageId: number,
): Promise<{ mime: string; data: Buffer; name: string; inline: boolean }> {
  const user = requireCaller(ctx);
  const message = await findMessage(ctx.db, ctx.schoolId, null, messageId);
  if (!message) throw AppError.notFound();
  const room = await findRoom(ctx.db, ctx.schoolId, viewerOf(user), message.roomId);
  if (!room?.isMember) throw new AppError(403, 'chat.not_member');
  if (message.deletedAt || message.fileId === null) throw AppError.notFound();
  const file = await readFile(ctx.db, ctx.schoolId, message.fileId);
  if (!file) throw AppError.notFound();
  return {
    mime: file.mime,
    data: file.data,
    name: message.fileName ?? file.name,
    inline: file.mime.startsWith('image/'),
  };
}
