import { aliasedTable, and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { cameraPictures, files, users } from '../../db/schema.ts';
import { personColumns } from '../users/person.repo.ts';
import type { PersonRow } from '../users/person.ts';

/** A user of the school by laraId, or null. */
export async function findPersonByLaraId(
  db: Db,
  schoolId: number,
  laraId: string,
): Promise<PersonRow | null> {
  const [row] = await db
    .select(personColumns)
    .from(users)
    .where(and(eq(users.schoolId, schoolId), eq(users.laraId, laraId)))
    .limit(1);
  return row ?? null;
}

/** A user of the school by id, or null. */
export async function findPersonById(db: Db, schoolId: number, id: number): Promise<PersonRow | null> {
  const [row] = await db
    .select(personColumns)
    .from(users)
    .where(and(eq(users.schoolId, schoolId), eq(users.id, id)))
    .limit(1);
  return row ?? null;
}

/** Per person: how many pictures and the newest one's id. */
export async function pictureStats(db: Db, schoolId: number, userIds: number[]) {
  if (userIds.length === 0) return new Map<number, { count: number; latestId: number | null }>();
  const rows = await db
    .select({
      userId: cameraPictures.userId,
      count: sql<number>`count(*)::int`,
      latestId: sql<number>`(array_agg(${cameraPictures.id} order by ${cameraPictures.createdAt} desc, ${cameraPictures.id} desc))[1]`,
    })
    .from(cameraPictures)
    .where(and(eq(cameraPictures.schoolId, schoolId), inArray(cameraPictures.userId, userIds)))
    .groupBy(cameraPictures.userId);
  return new Map(rows.map((r) => [r.userId, { count: Number(r.count), latestId: Number(r.latestId) }]));
}

const taker = aliasedTable(users, 'taker');

const pictureColumns = {
  id: cameraPictures.id,
  userId: cameraPictures.userId,
  takenBy: cameraPictures.takenBy,
  takerFirstName: taker.firstName,
  takerLastName: taker.lastName,
  takerUsername: taker.username,
  fileId: cameraPictures.fileId,
  thumbFileId: cameraPictures.thumbFileId,
  width: cameraPictures.width,
  height: cameraPictures.height,
  /** the stored photo's bytes */
  size: files.size,
  createdAt: cameraPictures.createdAt,
};

export type PictureRow = {
  id: number;
  userId: number;
  takenBy: number | null;
  takerFirstName: string | null;
  takerLastName: string | null;
  takerUsername: string | null;
  fileId: number;
  thumbFileId: number;
  width: number;
  height: number;
  size: number;
  createdAt: Date;
};

/** A person's pictures, newest first; with `takenBy` only those that user took. */
export async function listPictures(
  db: Db,
  schoolId: number,
  userId: number,
  takenBy?: number,
): Promise<PictureRow[]> {
  return db
    .select(pictureColumns)
    .from(cameraPictures)
    .innerJoin(files, eq(files.id, cameraPictures.fileId))
    .leftJoin(taker, eq(taker.id, cameraPictures.takenBy))
    .where(
      and(
        eq(cameraPictures.schoolId, schoolId),
        eq(cameraPictures.userId, userId),
        takenBy === undefined ? undefined : eq(cameraPictures.takenBy, takenBy),
      ),
    )
    .orderBy(desc(cameraPictures.createdAt), desc(cameraPictures.id));
}

export async function findPicture(db: Db, schoolId: number, id: number): Promise<PictureRow | null> {
  const [row] = await db
    .select(pictureColumns)
    .from(cameraPictures)
    .innerJoin(files, eq(files.id, cameraPictures.fileId))
    .leftJoin(taker, eq(taker.id, cameraPictures.takenBy))
    .where(and(eq(cameraPictures.schoolId, schoolId), eq(cameraPictures.id, id)))
    .limit(1);
  return row ?? null;
}

export async function insertPicture(
  tx: Db,
  values: {
    schoolId: number;
    userId: number;
    takenBy: number;
    fileId: number;
    thumbFileId: number;
    width: number;
    height: number;
    createdAt: Date;
  },
): Promise<number> {
  const [row] = await tx.insert(cameraPictures).values(values).returning({ id: cameraPictures.id });
  return row!.id;
}

/** Deletes the row; its file ids, or null when it was gone already. */
export async function deletePictureRow(tx: Db, schoolId: number, id: number) {
  const [row] = await tx
    .delete(cameraPictures)
    .where(and(eq(cameraPictures.schoolId, schoolId), eq(cameraPictures.id, id)))
    .returning({ fileId: cameraPictures.fileId, thumbFileId: cameraPictures.thumbFileId });
  return row ?? null;
}
