import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { bubbleColumns, type BubbleRow } from '../../db/columns.ts';
import { apps, files, users } from '../../db/schema.ts';

export type { BubbleRow } from '../../db/columns.ts';

export async function findAppsByIds(db: Db, schoolId: number, ids: number[]): Promise<BubbleRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(bubbleColumns)
    .from(apps)
    .leftJoin(users, eq(users.id, apps.creatorId))
    .where(and(eq(apps.schoolId, schoolId), inArray(apps.id, ids)));
}

export async function findAppFile(db: Db, schoolId: number, fileId: number) {
  const [row] = await db
    .select({ name: files.name, mime: files.mime, data: files.data })
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.schoolId, schoolId)))
    .limit(1);
  return row ?? null;
}
