import { sql } from 'drizzle-orm';
import { apps, users } from './schema.ts';

/** A tile's columns with its creator's lara_id (join users on apps.creator_id) and its group ids. */
export const tileColumns = {
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
  iconFileId: apps.iconFileId,
  embeddable: apps.embeddable,
  creatorId: apps.creatorId,
  creator: users.laraId,
  groups: sql<
    number[]
  >`coalesce((select array_agg(ag.group_id order by ag.group_id) from app_groups ag where ag.app_id = ${apps.id}), '{}')`,
};

export type TileRow = Pick<
  typeof apps.$inferSelect,
  | 'id'
  | 'title'
  | 'url'
  | 'iconName'
  | 'iconColor'
  | 'color'
  | 'public'
  | 'target'
  | 'type'
  | 'appTypeId'
  | 'locked'
  | 'wantedPerms'
  | 'titleTranslation'
  | 'fileId'
  | 'iconFileId'
  | 'embeddable'
  | 'creatorId'
> & { creator: string | null; groups: number[] };
