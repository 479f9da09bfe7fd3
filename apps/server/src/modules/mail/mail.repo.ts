import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { mailOutbox } from '../../db/schema.ts';

export type OutboxRow = typeof mailOutbox.$inferInsert;

export async function insertOutbox(db: Db, row: OutboxRow): Promise<number> {
  const [inserted] = await db.insert(mailOutbox).values(row).returning({ id: mailOutbox.id });
  return inserted!.id;
}

export async function findOutboxPage(db: Db, schoolId: number, limit: number, offset: number) {
  return db
    .select({ mail: mailOutbox })
    .from(mailOutbox)
    .where(eq(mailOutbox.schoolId, schoolId))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(limit)
    .offset(offset);
}

export async function countOutbox(db: Db, schoolId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.schoolId, schoolId));
  return row?.n ?? 0;
}
