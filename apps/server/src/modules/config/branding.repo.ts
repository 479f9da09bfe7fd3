import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { files } from '../../db/schema.ts';

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
