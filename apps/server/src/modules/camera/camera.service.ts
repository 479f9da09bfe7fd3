// Camera pictures (spec 1, 2.2; decision 063): each person's pictures. Who may see and delete a picture:
// whoever took it, the person in it, the person's teachers (a teacher who shares a group with a pupil) and
// admins; nobody else, not even to learn that it exists (404). Who may take one: the person themself, their
// teachers and admins. Photos go through the file store re-encoded and without metadata (decision 053).
import { dayIn, hasRole, type CameraGallery, type CameraPerson, type CameraPicture } from '@aula/contracts';
import { requireCaller, type Ctx } from '../../context.ts';
import { transaction } from '../../db/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SessionUser } from '../../core/session-types.ts';
import { audit } from '../audit/audit.service.ts';
import { serverConfigValue } from '../config/config.service.ts';
import { preparePhoto, uploaderOf } from '../files/file-checks.ts';
import { deleteFiles, lockFiles, readFile } from '../files/files.service.ts';
import { fileUpload } from '../files/file-upload.ts';
import { pupilsOfTeacher, shareAGroup } from '../groups/groups.service.ts';
import {
  deletePictureRow,
  findPersonById,
  findPersonByLaraId,
  findPicture,
  insertPicture,
  listPictures,
  pictureStats,
  type PictureRow,
} from './camera.repo.ts';
import { displayName, type PersonRow } from '../users/person.ts';

/**
 * Whether the caller may see all of this person's pictures and add new ones: themself, an admin, or a
 * teacher who shares a group with the pupil. Anyone else sees at most the pictures they took themself.
 */
async function isResponsibleFor(ctx: Ctx, user: SessionUser, person: PersonRow): Promise<boolean> {
  if (person.id === user.id || hasRole(user, 'admin')) return true;
  return (
    hasRole(user, 'teacher') &&
    person.type === 'S' &&
    (await shareAGroup(ctx.db, ctx.schoolId, user.id, person.id))
  );
}

/** A picture the caller may see (and so delete), or 404. */
async function visiblePicture(ctx: Ctx, user: SessionUser, id: number) {
  const picture = await findPicture(ctx.db, ctx.schoolId, id);
  if (!picture) throw AppError.notFound();
  const person = await findPersonById(ctx.db, ctx.schoolId, picture.userId);
  if (!person) throw AppError.notFound();
  if (picture.takenBy !== user.id && !(await isResponsibleFor(ctx, user, person))) throw AppError.notFound();
  return { picture, person };
}

function toPerson(
  p: PersonRow,
  self: boolean,
  stats: Map<number, { count: number; latestId: number | null }>,
): CameraPerson {
  const s = stats.get(p.id);
  return {
    id: p.id,
    laraId: p.laraId,
    name: displayName(p),
    type: p.type,
    self,
    pictureCount: s?.count ?? 0,
    latestPictureId: s?.latestId ?? null,
  };
}

function toPicture(row: PictureRow): CameraPicture {
  return {
    id: row.id,
    width: row.width,
    height: row.height,
    size: row.size,
    takenBy:
      row.takenBy === null
        ? null
        : {
            id: row.takenBy,
            name: displayName({
              firstName: row.takerFirstName ?? '',
              lastName: row.takerLastName ?? '',
              username: row.takerUsername ?? '',
            }),
          },
    createdAt: row.createdAt.toISOString(),
    // whoever may see a picture may delete it (decision 063)
    deletable: true,
  };
}

/** GET /api/camera: the caller first, then the pupils of their groups (teachers and admins) by name. */
export async function cameraPeople(ctx: Ctx): Promise<{ items: CameraPerson[] }> {
  const user = requireCaller(ctx);
  const self = await findPersonById(ctx.db, ctx.schoolId, user.id);
  if (!self) throw AppError.unauthorized();
  const pupils = hasRole(user, 'teacher')
    ? (await pupilsOfTeacher(ctx.db, ctx.schoolId, user.id)).filter((p) => p.id !== user.id)
    : [];
  const stats = await pictureStats(ctx.db, ctx.schoolId, [self.id, ...pupils.map((p) => p.id)]);
  return {
    items: [toPerson(self, true, stats), ...pupils.map((p) => toPerson(p, false, stats))],
  };
}

/**
 * GET /api/camera/:laraId: the person's pictures, newest first. Those responsible for the person see all;
 * someone who once took a picture of them (a teacher since moved to another class) sees just theirs; anyone
 * else gets 404, as for an unknown laraId.
 */
export async function cameraGallery(ctx: Ctx, laraId: string): Promise<CameraGallery> {
  const user = requireCaller(ctx);
  const person = await findPersonByLaraId(ctx.db, ctx.schoolId, laraId);
  if (!person) throw AppError.notFound();
  const responsible = await isResponsibleFor(ctx, user, person);
  const rows = await listPictures(ctx.db, ctx.schoolId, person.id, responsible ? undefined : user.id);
  if (!responsible && rows.length === 0) throw AppError.notFound();
  const stats = new Map([[person.id, { count: rows.length, latestId: rows[0]?.id ?? null }]]);
  return {
    person: toPerson(person, person.id === user.id, stats),
    pictures: rows.map(toPicture),
    mayCapture: responsible,
  };
}

/**
 * POST /api/camera/:laraId: stores a photo of the person, taken by the caller. 404 when the caller may not
 * see the person's pictures, 403 `camera.not_allowed` when they may see some but not add; only then is the
 * upload read (`readPhoto`), re-encoded (413, 415) and stored with its thumbnail, the row and the quota
 * check (owner: the taker) in one transaction, so nothing is stored on any error.
 */
export async function addPicture(
  ctx: Ctx,
  laraId: string,
  readPhoto: () => Promise<Buffer | null>,
): Promise<CameraPicture> {
  const user = requireCaller(ctx);
  const person = await findPersonByLaraId(ctx.db, ctx.schoolId, laraId);
  if (!person) throw AppError.notFound();
  if (!(await isResponsibleFor(ctx, user, person))) {
    const own = await listPictures(ctx.db, ctx.schoolId, person.id, user.id);
    if (own.length === 0) throw AppError.notFound();
    throw new AppError(403, 'camera.not_allowed');
  }
  const data = await readPhoto();
  if (!data)
    throw AppError.validation([{ path: 'photo', code: 'common.validation', message: 'a photo is required' }]);
  const schoolId = ctx.schoolId;
  // before the image work: a taker already at the quota cannot make the server do it again and again
  const upload = fileUpload(ctx, user);
  await upload.precheck({ minBytes: 1, uploadedBytes: data.length });
  const { photo, thumbnail } = await preparePhoto({ data }, uploaderOf(ctx));
  const now = ctx.clock();
  const id = await transaction(ctx.db, async (tx) => {
    await lockFiles(tx, schoolId);
    const fileId = await upload.store(tx, photo);
    const thumbFileId = await upload.store(tx, thumbnail);
    await upload.check(tx);
    const pictureId = await insertPicture(tx, {
      schoolId,
      userId: person.id,
      takenBy: user.id,
      fileId,
      thumbFileId,
      width: photo.width,
      height: photo.height,
      createdAt: now,
    });
    await audit(ctx, 'camera.upload', {
      db: tx,
      targetId: person.id,
      details: { pictureId, laraId: person.laraId },
    });
    return pictureId;
  });
  const row = await findPicture(ctx.db, schoolId, id);
  if (!row) throw AppError.notFound();
  return toPicture(row);
}

/** A name for the downloaded picture: the person's name and the day it was taken, e.g. Sara-Schmidt-2026-11-26.jpg */
export function pictureFileName(name: string, day: string): string {
  const safe = name
    .normalize('NFC')
    .replace(/[\s/\\:*?"<>|\p{Cc}]+/gu, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
  return `${safe || 'Foto'}-${day}.jpg`;
}

/** GET /api/camera/pictures/:id: the photo (full) or its thumbnail, for a caller who may see it; else 404. */
export async function pictureFile(
  ctx: Ctx,
  id: number,
  size: 'thumb' | 'full',
): Promise<{ mime: string; data: Buffer; downloadName: string; inlineName: string }> {
  const user = requireCaller(ctx);
  const { picture, person } = await visiblePicture(ctx, user, id);
  const file = await readFile(ctx.db, ctx.schoolId, size === 'thumb' ? picture.thumbFileId : picture.fileId);
  if (!file) throw AppError.notFound();
  const zone = await serverConfigValue(ctx, 'time_zone');
  const day = dayIn(picture.createdAt, zone);
  const ext = file.mime === 'image/webp' ? 'webp' : 'jpg';
  return {
    mime: file.mime,
    data: file.data,
    downloadName: pictureFileName(displayName(person), day).replace(/\.jpg$/, `.${ext}`),
    inlineName: `picture-${picture.id}.${ext}`,
  };
}

/** DELETE /api/camera/pictures/:id: removes the row and both files; 404 for a caller who may not see it. */
export async function removePicture(ctx: Ctx, id: number): Promise<void> {
  const user = requireCaller(ctx);
  const { person } = await visiblePicture(ctx, user, id);
  await transaction(ctx.db, async (tx) => {
    await lockFiles(tx, ctx.schoolId);
    const files = await deletePictureRow(tx, ctx.schoolId, id);
    if (!files) throw AppError.notFound();
    await deleteFiles(tx, ctx.schoolId, [files.fileId, files.thumbFileId]);
    await audit(ctx, 'camera.delete', {
      db: tx,
      targetId: person.id,
      details: { pictureId: id, laraId: person.laraId },
    });
  });
}

/**
 * The data export's part (GET /api/users/data): the files of the pictures of the user that others took
 * (the export's `files` table already holds those the user owns), as `camera_picture_files`; the rows are in
 * `camera_pictures` (a table that refers to users).
 */
export async function cameraExport(
  ctx: Ctx,
  userId: number,
): Promise<Record<string, Record<string, unknown>[]>> {
  const rows = await listPictures(ctx.db, ctx.schoolId, userId);
  const files: Record<string, unknown>[] = [];
  for (const row of rows) {
    if (row.takenBy === userId) continue;
    for (const fileId of [row.fileId, row.thumbFileId]) {
      const file = await readFile(ctx.db, ctx.schoolId, fileId);
      if (file)
        files.push({ picture_id: row.id, id: file.id, name: file.name, mime: file.mime, data: file.data });
    }
  }
  return { camera_picture_files: files };
}
