import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { appGroups, apps, files, users } from '../../db/schema.ts';

const bubbleColumns = {
  id: apps.id,
  title: apps.title,
  url: apps.url,
  iconName: apps.iconName,
  iconColor: apps.iconColor,
  color: apps.color,
  public: apps.public,
  target: apps.target,
  type: apps.type,
  appTypeId: apps.appTypeId,
  locked: apps.locked,
  wantedPerms: apps.wantedPerms,
  titleTranslation: apps.titleTranslation,
  fileId: apps.fileId,
  creator: users.laraId,
};

export type BubbleRow = Awaited<ReturnType<typeof findAppsByIds>>[number];

export async function findAppsByIds(db: Db, schoolId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select(bubbleColumns)
    .from(apps)
    .leftJoin(users, eq(users.id, apps.creatorId))
    .where(and(eq(apps.schoolId, schoolId), inArray(apps.id, ids)));
  const links = await db
    .select({ appId: appGroups.appId, groupId: appGroups.groupId })
    .from(appGroups)
    .where(inArray(appGroups.appId, ids))
    .orderBy(asc(appGroups.groupId));
  return rows.map((row) => ({
    ...row,
    groups: links.filter((l) => l.appId === row.id).map((l) => l.groupId),
  }));
}

export async function findAppFile(db: Db, schoolId: number, fileId: number) {
  const [row] = await db
    .select({ name: files.name, mime: files.mime, data: files.data })
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.schoolId, schoolId)))
    .limit(1);
  return row ?? null;
}
