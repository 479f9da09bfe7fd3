import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { files, schools } from '../../db/schema.ts';

/**
 * Holds the school's row until the transaction ends, so quota decisions of one school happen one after
 * another: two parallel uploads cannot both see room for themselves. NO KEY UPDATE, so rows that merely
 * refer to the school (sessions, audit entries) are still inserted meanwhile.
 */
export async function lockSchoolFiles(db: Db, schoolId: number): Promise<void> {
  await db.select({ id: schools.id }).from(schools).where(eq(schools.id, schoolId)).for('no key update');
}

export async function insertFile(
  db: Db,
  values: { schoolId: number; ownerId: number | null; name: string; mime: string; data: Buffer },
): Promise<number> {
  const [row] = await db
    .insert(files)
    .values({ ...values, size: values.data.length })
    .returning({ id: files.id });
  return row!.id;
}

/** Bytes stored by the school, and by one of its users when `ownerId` is given. */
export async function sumFileSizes(db: Db, schoolId: number, ownerId?: number): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<string | null>`sum(${files.size})` })
    .from(files)
    .where(
      ownerId === undefined
        ? eq(files.schoolId, schoolId)
        : and(eq(files.schoolId, schoolId), eq(files.ownerId, ownerId)),
    );
  return Number(row?.bytes ?? 0);
}

/** Bytes of these files of the school, only those `ownerId` owns when it is given. */
export async function sumFileSizesOf(
  db: Db,
  schoolId: number,
  ids: number[],
  ownerId?: number,
): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await db
    .select({ bytes: sql<string | null>`sum(${files.size})` })
    .from(files)
    .where(
      and(
        eq(files.schoolId, schoolId),
        inArray(files.id, ids),
        ownerId === undefined ? undefined : eq(files.ownerId, ownerId),
      ),
    );
  return Number(row?.bytes ?? 0);
}

/** One file of the school with its contents, or null. */
export async function findFile(db: Db, schoolId: number, id: number) {
  const [row] = await db
    .select({ id: files.id, name: files.name, mime: files.mime, data: files.data })
    .from(files)
    .where(and(eq(files.schoolId, schoolId), eq(files.id, id)))
    .limit(1);
  return row ?? null;
}

export async function deleteFileRows(db: Db, schoolId: number, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(files).where(and(eq(files.schoolId, schoolId), inArray(files.id, ids)));
}
