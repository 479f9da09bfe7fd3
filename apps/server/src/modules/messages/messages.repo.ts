import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { adminMessageGroups, adminMessageSeen, adminMessages } from '../../db/schema.ts';

// drizzle writes a column without its table inside a select list: name the outer table in subqueries
const outerId = sql.raw('"admin_messages"."id"');

const userColumns = {
  id: adminMessages.id,
  type: adminMessages.type,
  title: adminMessages.title,
  body: adminMessages.body,
  startsAt: adminMessages.startsAt,
  endsAt: adminMessages.endsAt,
};

/**
 * The messages a user sees now: started (or no start), not ended, for the whole school (no groups) or one of
 * the user's groups, and not marked seen by them. Newest first.
 */
export async function findVisibleMessages(
  db: Db,
  schoolId: number,
  user: { id: number; groupIds: readonly number[] },
  now: Date,
  opts: { includeSeen?: boolean; messageId?: number } = {},
) {
  const at = now.toISOString();
  const groupIds = user.groupIds.length ? [...user.groupIds] : [-1];
  return db
    .select(userColumns)
    .from(adminMessages)
    .where(
      and(
        eq(adminMessages.schoolId, schoolId),
        opts.messageId === undefined ? undefined : eq(adminMessages.id, opts.messageId),
        sql`(${adminMessages.startsAt} is null or ${adminMessages.startsAt} <= ${at}::timestamptz)`,
        sql`(${adminMessages.endsAt} is null or ${adminMessages.endsAt} > ${at}::timestamptz)`,
        sql`(not exists (select 1 from ${adminMessageGroups} where ${adminMessageGroups.messageId} = ${outerId})
          or exists (select 1 from ${adminMessageGroups} where ${adminMessageGroups.messageId} = ${outerId}
            and ${adminMessageGroups.groupId} in (${sql.join(
              groupIds.map((id) => sql`${id}`),
              sql`, `,
            )})))`,
        opts.includeSeen
          ? undefined
          : sql`not exists (select 1 from ${adminMessageSeen} where ${adminMessageSeen.messageId} = ${outerId}
              and ${adminMessageSeen.userId} = ${user.id})`,
      ),
    )
    .orderBy(desc(adminMessages.createdAt), desc(adminMessages.id))
    .limit(50);
}

export async function markSeen(db: Db, schoolId: number, messageId: number, userId: number, now: Date) {
  await db
    .insert(adminMessageSeen)
    .values({ schoolId, messageId, userId, seenAt: now })
    .onConflictDoNothing();
}

const detailColumns = {
  ...userColumns,
  createdAt: adminMessages.createdAt,
  updatedAt: adminMessages.updatedAt,
  seenCount:
    sql<number>`(select count(*) from ${adminMessageSeen} where ${adminMessageSeen.messageId} = ${outerId})`.mapWith(
      Number,
    ),
  groups: sql<
    { id: number; name: string }[]
  >`coalesce((select json_agg(json_build_object('id', g.id, 'name', g.name) order by g.name)
    from admin_message_groups mg join groups g on g.id = mg.group_id where mg.message_id = ${outerId}), '[]'::json)`,
};

export async function findMessagePage(db: Db, schoolId: number, page: number, perPage: number) {
  const [items, [total]] = await Promise.all([
    db
      .select(detailColumns)
      .from(adminMessages)
      .where(eq(adminMessages.schoolId, schoolId))
      .orderBy(desc(adminMessages.createdAt), desc(adminMessages.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(adminMessages).where(eq(adminMessages.schoolId, schoolId)),
  ]);
  return { items, total: total?.n ?? 0 };
}

export async function findMessage(db: Db, schoolId: number, id: number) {
  const [row] = await db
    .select(detailColumns)
    .from(adminMessages)
    .where(and(eq(adminMessages.schoolId, schoolId), eq(adminMessages.id, id)))
    .limit(1);
  return row ?? null;
}

export type MessageValues = Pick<
  typeof adminMessages.$inferInsert,
  'type' | 'title' | 'body' | 'startsAt' | 'endsAt'
>;

export async function insertMessage(db: Db, schoolId: number, createdBy: number, values: MessageValues) {
  const [row] = await db
    .insert(adminMessages)
    .values({ schoolId, createdBy, ...values })
    .returning({ id: adminMessages.id });
  return row!.id;
}

export async function updateMessage(db: Db, schoolId: number, id: number, values: MessageValues, now: Date) {
  await db
    .update(adminMessages)
    .set({ ...values, updatedAt: now })
    .where(and(eq(adminMessages.schoolId, schoolId), eq(adminMessages.id, id)));
}

export async function replaceMessageGroups(
  db: Db,
  schoolId: number,
  messageId: number,
  groupIds: readonly number[],
) {
  await db.delete(adminMessageGroups).where(eq(adminMessageGroups.messageId, messageId));
  if (groupIds.length)
    await db.insert(adminMessageGroups).values(groupIds.map((groupId) => ({ schoolId, messageId, groupId })));
}

export async function deleteMessage(db: Db, schoolId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(adminMessages)
    .where(and(eq(adminMessages.schoolId, schoolId), eq(adminMessages.id, id)))
    .returning({ id: adminMessages.id });
  return rows.length > 0;
}
