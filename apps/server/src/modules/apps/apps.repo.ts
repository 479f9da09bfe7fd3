import { and, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { tileColumns, type TileRow } from '../../db/columns.ts';
import { appGroups, apps, layoutItems, layouts, users } from '../../db/schema.ts';

export type { TileRow } from '../../db/columns.ts';

export async function findAppsByIds(db: Db, schoolId: number, ids: number[]): Promise<TileRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(tileColumns)
    .from(apps)
    .leftJoin(users, eq(users.id, apps.creatorId))
    .where(and(eq(apps.schoolId, schoolId), inArray(apps.id, ids)));
}

/** Every tile of the school, for the unused lists of edit mode. */
export async function findSchoolApps(db: Db, schoolId: number): Promise<TileRow[]> {
  return db
    .select(tileColumns)
    .from(apps)
    .leftJoin(users, eq(users.id, apps.creatorId))
    .where(eq(apps.schoolId, schoolId))
    .orderBy(apps.id);
}

/** A tile's current icon and download file, read again inside a transaction that holds the school's files. */
export async function findAppFileIds(db: Db, schoolId: number, id: number) {
  const [row] = await db
    .select({ iconFileId: apps.iconFileId, fileId: apps.fileId })
    .from(apps)
    .where(and(eq(apps.schoolId, schoolId), eq(apps.id, id)));
  return row ?? null;
}

/** Whether a tile is placed on the school's logged-out layout, the only tiles visitors may open. */
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

/** Those of these file ids that a tile of the school still uses as its icon or download. */
export async function filesInUse(db: Db, schoolId: number, ids: (number | null)[]): Promise<number[]> {
  const wanted = ids.filter((id): id is number => id !== null);
  if (wanted.length === 0) return [];
  const rows = await db
    .select({ iconFileId: apps.iconFileId, fileId: apps.fileId })
    .from(apps)
    .where(
      and(eq(apps.schoolId, schoolId), or(inArray(apps.iconFileId, wanted), inArray(apps.fileId, wanted))),
    );
  return rows.flatMap((r) => [r.iconFileId, r.fileId]).filter((id): id is number => id !== null);
}

export type AppValues = Omit<typeof apps.$inferInsert, 'id' | 'schoolId' | 'createdAt'>;

export async function insertApp(db: Db, schoolId: number, values: AppValues): Promise<number> {
  const [row] = await db
    .insert(apps)
    .values({ ...values, schoolId })
    .returning({ id: apps.id });
  return row!.id;
}

export async function updateApp(
  db: Db,
  schoolId: number,
  id: number,
  values: Partial<AppValues>,
): Promise<boolean> {
  const rows = await db
    .update(apps)
    .set(values)
    .where(and(eq(apps.schoolId, schoolId), eq(apps.id, id)))
    .returning({ id: apps.id });
  return rows.length > 0;
}

export async function replaceAppGroups(
  db: Db,
  schoolId: number,
  appId: number,
  groupIds: number[],
): Promise<void> {
  await db.delete(appGroups).where(eq(appGroups.appId, appId));
  if (groupIds.length > 0)
    await db.insert(appGroups).values(groupIds.map((groupId) => ({ schoolId, appId, groupId })));
}

/** Deletes a tile; its layout items go with it (cascade): the layout module bumps those layouts first. */
export async function deleteApp(db: Db, schoolId: number, id: number): Promise<void> {
  await db.delete(apps).where(and(eq(apps.schoolId, schoolId), eq(apps.id, id)));
}
