// push_keys: the school's VAPID pair and contact (decision 073). Only this repo writes the table.
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { schools } from '../schools/schools.schema.ts';
import { users } from '../users/users.schema.ts';
import { pushKeys } from './push.schema.ts';

export type PushKeysRow = typeof pushKeys.$inferSelect;

export async function findPushKeys(db: Db, schoolId: number): Promise<PushKeysRow | null> {
  const [row] = await db.select().from(pushKeys).where(eq(pushKeys.schoolId, schoolId));
  return row ?? null;
}

/** Stores a first pair; a pair another process stored meanwhile wins (both read it back). */
export async function insertPushKeysIfMissing(
  db: Db,
  row: { schoolId: number; publicKey: string; privateKeySealed: string; createdAt: Date },
): Promise<void> {
  await db
    .insert(pushKeys)
    .values({ ...row, contact: '' })
    .onConflictDoNothing({ target: pushKeys.schoolId });
}

/** Replaces the pair (rotate, import), keeping the contact. */
export async function replacePushKeys(
  db: Db,
  row: { schoolId: number; publicKey: string; privateKeySealed: string; createdAt: Date },
): Promise<void> {
  await db
    .insert(pushKeys)
    .values({ ...row, contact: '' })
    .onConflictDoUpdate({
      target: pushKeys.schoolId,
      set: { publicKey: row.publicKey, privateKeySealed: row.privateKeySealed, createdAt: row.createdAt },
    });
}

export async function updatePushContact(db: Db, schoolId: number, contact: string): Promise<void> {
  await db.update(pushKeys).set({ contact }).where(eq(pushKeys.schoolId, schoolId));
}

/** The default contact's parts: the school's first admin with a mail address, and the school's host. */
export async function findContactFallback(
  db: Db,
  schoolId: number,
): Promise<{ adminEmail: string | null; host: string | null }> {
  const [admin] = await db
    .select({ email: users.email })
    .from(users)
    .where(
      and(
        eq(users.schoolId, schoolId),
        isNotNull(users.email),
        sql`${users.email} <> ''`,
        sql`${users.roles} && array['admin', 'superadmin']::text[]`,
      ),
    )
    .orderBy(asc(users.id))
    .limit(1);
  const [school] = await db.select({ host: schools.host }).from(schools).where(eq(schools.id, schoolId));
  return { adminEmail: admin?.email ?? null, host: school?.host ?? null };
}
