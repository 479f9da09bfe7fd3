import type { z } from 'zod';
import {
  LOCALES,
  type AdminMessage,
  type AdminMessageDetail,
  type AdminMessageInputSchema,
  type AdminMessagePage,
  type OkResult,
} from '@aula/contracts';
import { requireCaller, type Ctx } from '../../context.ts';
import { transaction } from '../../db/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { publishDomainEvent } from '../../lib/domain-events.ts';
import { audit } from '../audit/audit.service.ts';
import { publishAdminMessageChanged } from '../events/events.service.ts';
import { schoolGroupIds } from '../groups/groups.service.ts';
import {
  deleteMessage,
  findMessage,
  findMessagePage,
  findVisibleMessages,
  insertMessage,
  markSeen,
  replaceMessageGroups,
  updateMessage,
  type MessageValues,
} from './messages.repo.ts';

type Input = z.output<typeof AdminMessageInputSchema>;
const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

function toMessage(row: Awaited<ReturnType<typeof findVisibleMessages>>[number]): AdminMessage {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    body: row.body,
    startsAt: iso(row.startsAt),
    endsAt: iso(row.endsAt),
  };
}

function toDetail(row: NonNullable<Awaited<ReturnType<typeof findMessage>>>): AdminMessageDetail {
  return {
    ...toMessage(row),
    groups: row.groups,
    seenCount: row.seenCount,
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
  };
}

/** GET /api/messages/admin: the caller's unseen messages that are on now (spec 7.3). */
export async function unseenMessages(ctx: Ctx): Promise<AdminMessage[]> {
  const user = requireCaller(ctx);
  const rows = await findVisibleMessages(ctx.db, ctx.schoolId, user, ctx.clock());
  return rows.map(toMessage);
}

/** POST /api/messages/admin/:id/seen: idempotent; a message the caller cannot see is 404. */
export async function markMessageSeen(ctx: Ctx, messageId: number): Promise<OkResult> {
  const user = requireCaller(ctx);
  const now = ctx.clock();
  const [visible] = await findVisibleMessages(ctx.db, ctx.schoolId, user, now, {
    includeSeen: true,
    messageId,
  });
  if (!visible) throw AppError.notFound();
  await markSeen(ctx.db, ctx.schoolId, messageId, user.id, now);
  return { ok: true };
}

export async function messagePage(ctx: Ctx, page: number, perPage: number): Promise<AdminMessagePage> {
  const { items, total } = await findMessagePage(ctx.db, ctx.schoolId, page, perPage);
  return { items: items.map(toDetail), total };
}

/** Only the languages written, trimmed; German title or text is required (the fallback of spec 9). */
async function checkedValues(ctx: Ctx, input: Input): Promise<{ values: MessageValues; groupIds: number[] }> {
  const texts = (source: Input['title']) =>
    Object.fromEntries(LOCALES.flatMap((l) => (source[l] ? [[l, source[l]]] : []))) as Record<string, string>;
  const title = texts(input.title);
  const body = texts(input.body);
  if (!title.de && !body.de) throw new AppError(422, 'messages.text_required');
  const startsAt = input.startsAt ? new Date(input.startsAt) : null;
  const endsAt = input.endsAt ? new Date(input.endsAt) : null;
  if (startsAt && endsAt && endsAt <= startsAt) throw new AppError(422, 'messages.end_before_start');
  const groupIds = [...new Set(input.groupIds)];
  const found = await schoolGroupIds(ctx.db, ctx.schoolId, groupIds);
  if (found.length !== groupIds.length) throw new AppError(422, 'users.unknown_group');
  return { values: { type: input.type, title, body, startsAt, endsAt }, groupIds };
}

export async function getMessage(ctx: Ctx, id: number): Promise<AdminMessageDetail> {
  const row = await findMessage(ctx.db, ctx.schoolId, id);
  if (!row) throw AppError.notFound();
  return toDetail(row);
}

export async function createMessage(ctx: Ctx, input: Input): Promise<AdminMessageDetail> {
  const user = requireCaller(ctx);
  const { values, groupIds } = await checkedValues(ctx, input);
  const id = await transaction(ctx.db, async (tx) => {
    const messageId = await insertMessage(tx, ctx.schoolId, user.id, values);
    await replaceMessageGroups(tx, ctx.schoolId, messageId, groupIds);
    await audit(ctx, 'message.create', { details: { id: messageId, type: values.type }, db: tx });
    await publishAdminMessageChanged(ctx, tx, audienceOf(groupIds));
    await publishDomainEvent(tx, ctx, 'admin_message.published', {
      id: messageId,
      groupIds,
      startsAt: values.startsAt ?? null,
      endsAt: values.endsAt ?? null,
      authorId: user.id,
    });
    return messageId;
  });
  return toDetail((await findMessage(ctx.db, ctx.schoolId, id))!);
}

/** Whom a message is for, for the live event: null is the whole school (a message without groups). */
function audienceOf(...groupLists: (readonly number[])[]): number[] | null {
  return groupLists.some((g) => g.length === 0) ? null : [...new Set(groupLists.flat())];
}

export async function editMessage(ctx: Ctx, id: number, input: Input): Promise<AdminMessageDetail> {
  const before = await findMessage(ctx.db, ctx.schoolId, id);
  if (!before) throw AppError.notFound();
  const { values, groupIds } = await checkedValues(ctx, input);
  await transaction(ctx.db, async (tx) => {
    await updateMessage(tx, ctx.schoolId, id, values, ctx.clock());
    await replaceMessageGroups(tx, ctx.schoolId, id, groupIds);
    await audit(ctx, 'message.update', { details: { id, type: values.type }, db: tx });
    // those it was for and those it is for now
    await publishAdminMessageChanged(
      ctx,
      tx,
      audienceOf(
        before.groups.map((g) => g.id),
        groupIds,
      ),
    );
  });
  return toDetail((await findMessage(ctx.db, ctx.schoolId, id))!);
}

export async function removeMessage(ctx: Ctx, id: number): Promise<OkResult> {
  const before = await findMessage(ctx.db, ctx.schoolId, id);
  if (!before) throw AppError.notFound();
  await transaction(ctx.db, async (tx) => {
    if (!(await deleteMessage(tx, ctx.schoolId, id))) throw AppError.notFound();
    await audit(ctx, 'message.delete', { details: { id }, db: tx });
    await publishAdminMessageChanged(ctx, tx, audienceOf(before.groups.map((g) => g.id)));
  });
  return { ok: true };
}
