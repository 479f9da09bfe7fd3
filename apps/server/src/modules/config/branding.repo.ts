import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { files } from '../../db/schema.ts';

export async function insertBrandingFile(
  db: Db,
  schoolId: number,
  file: { name: string; mime: string; data: Buffer; ownerId: number },
): Promise<number> {
  const [row] = await db
    .insert(files)
    .values({
      schoolId,
      name: file.name,
      mime: file.mime,
      size: file.data.length,
      data: file.data,
      ownerId: file.ownerId,
    })
    .returning({ id: files.id });
  return row!.id;
}

export async function findBrandingFile(db: Db, schoolId: number, id: number) {
  const [row] = await db
    .select({ mime: files.mime, data: files.data })
    .from(files)
    .where(and(eq(files.schoolId, schoolId), eq(files.id, id)))
    .limit(1);
  return row ?? null;
}

export async function deleteBrandingFile(db: Db, schoolId: number, id: number): Promise<void> {
  await db.delete(files).where(and(eq(files.schoolId, schoolId), eq(files.id, id)));
}
