// The chat's own settings for the page, the device at login and the data export's part (spec 3.5, 3.6, 7.3;
// decisions 070, 072).
import { MAX_CHAT_UPLOAD_BYTES, type ChatConfig } from '@aula/contracts';
import { requireCaller, type Ctx } from '../../context.ts';
import { chatSettings, privateReach, teaches } from './chat-access.ts';
import { upsertDevice } from './chat-messages.repo.ts';
import { findRoomsOfForExport } from './chat.repo.ts';
import { CHAT_UPLOAD_TYPE_NAMES } from './chat-upload.ts';

/** GET /api/matrix/config */
export async function getChatConfig(ctx: Ctx): Promise<ChatConfig> {
  const user = requireCaller(ctx);
  const settings = await chatSettings(ctx);
  return {
    seenIndicator: settings.seenIndicator,
    retentionDays: settings.retentionDays,
    maxUploadBytes: MAX_CHAT_UPLOAD_BYTES,
    uploadTypes: CHAT_UPLOAD_TYPE_NAMES,
    canCreateRooms: teaches(user),
    canStartPrivate: privateReach(user, settings.studentPrivate).kind !== 'none',
  };
}

/** POST /api/matrix/login: registers the tab's device id (spec 3.6). */
export async function chatLogin(ctx: Ctx, deviceId: string): Promise<{ userId: number; deviceId: string }> {
  const user = requireCaller(ctx);
  await upsertDevice(ctx.db, user.id, deviceId, ctx.clock());
  return { userId: user.id, deviceId };
}

/** The data export's chat part: the rooms the user is in now (GET /api/users/data, decision 072). */
export async function chatExport(
  ctx: Ctx,
  userId: number,
): Promise<Record<string, Record<string, unknown>[]>> {
  return { chat_rooms_member_of: await findRoomsOfForExport(ctx.db, userId) };
}
