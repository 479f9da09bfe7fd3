import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { bubbleColumns, type BubbleRow } from '../../db/columns.ts';
import { apps, files, layoutItems, layouts, users } from '../../db/schema.ts';

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

/** Whether a bubble is placed on the school's logged-out layout, the only bubbles visitors may open. */
export async function isOnLoggedOutLayout(db: Db, schoolId: number, appId: number): Promise<boolean> {
  const rows = await db
    .select({ appId: layoutItems.appId })
    .from(layoutItems)
    .innerJoin(layouts, eq(layouts.id, layoutItems.layoutId))
    .where(
      and(eq(layouts.schoolId, schoolId), eq(layouts.category, 'logged-out'), eq(layoutItems.appId, appId)),
    )
    .limit(1);
  return rows.length > 0;
}
