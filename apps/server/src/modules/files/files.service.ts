// The files table's owner (DESIGN.md "Files", decision 053): every file goes in, out and away through here.
// A file is stored inside the caller's transaction and counts towards upload quotas (SECURITY.md "Uploads",
// decision 045); the module that refers to a file decides who may read it, this one only serves it.
import { hasRole } from '@aula/contracts';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { megabytes } from '../../lib/uploads.ts';
import type { SessionUser } from '../../core/session-types.ts';
import { configValues, getConfigValues } from '../config/config.service.ts';
import {
  deleteFileRows,
  findFile,
  insertFile,
  lockSchoolFiles,
  sumFileSizes,
  sumFileSizesOf,
} from './files.repo.ts';

const MB = 1024 * 1024;

/** A user's own files, or null for the school's (logo, login background): those count to the school only. */
export type FileOwner = Pick<SessionUser, 'id' | 'type' | 'roles'> | null;

/**
 * Holds the school's files until the transaction `tx` ends. A change that replaces or deletes files takes
 * it first and only then reads which files it replaces, so a parallel change cannot make it delete a file
 * that is no longer the current one and leave the new current one unreferenced (decision 045).
 */
export async function lockFiles(tx: Db, schoolId: number): Promise<void> {
  await lockSchoolFiles(tx, schoolId);
}

/**
 * Stores one file in the transaction `tx` and returns its id. The contents must have passed `prepareUpload`
 * (or be the server's own, like the demo school's). The school's row stays locked until the transaction
 * ends, so call `checkQuota` in the same transaction, after the old files a change replaces are deleted.
 */
export async function storeFile(
  tx: Db,
  file: { schoolId: number; owner: { id: number } | null; name: string; mime: string; data: Buffer },
): Promise<number> {
  await lockSchoolFiles(tx, file.schoolId);
  return insertFile(tx, {
    schoolId: file.schoolId,
    ownerId: file.owner?.id ?? null,
    name: file.name,
    mime: file.mime,
    data: file.data,
  });
}

/** A file of the school with its contents, or null; the caller has checked that the user may read it. */
export async function readFile(
  db: Db,
  schoolId: number,
  id: number,
): Promise<{ id: number; name: string; mime: string; data: Buffer } | null> {
  return findFile(db, schoolId, id);
}

/**
 * Deletes these files of the school (nulls are skipped), in the caller's transaction after `lockFiles`:
 * the caller has made sure nothing refers to them any more.
 */
export async function deleteFiles(tx: Db, schoolId: number, ids: (number | null)[]): Promise<void> {
  await deleteFileRows(
    tx,
    schoolId,
    ids.filter((id): id is number => id !== null),
  );
}

const QUOTA_KEYS = ['upload_quota_student_mb', 'upload_quota_teacher_mb', 'upload_quota_school_mb'] as const;

/**
 * The quotas in bytes; an unreadable value counts as 0, which allows nothing. From the caller's configuration
 * snapshot when it passes its context (decision 085), else read.
 */
async function quotaBytes(db: Db, schoolId: number, ctx?: Pick<Ctx, 'config'>) {
  const config = ctx
    ? await configValues(ctx, QUOTA_KEYS, db)
    : await getConfigValues(db, schoolId, QUOTA_KEYS);
  const mb = (raw: string | undefined) => Math.max(0, Number(raw) || 0) * MB;
  return {
    student: mb(config.upload_quota_student_mb),
    teacher: mb(config.upload_quota_teacher_mb),
    school: mb(config.upload_quota_school_mb),
  };
}

type QuotaCode = 'upload.quota_exceeded' | 'upload.school_quota_exceeded';

/** 413 with what was used before this upload, its size and the limit, in MB. */
function quotaRefusal(code: QuotaCode, usedBefore: number, size: number, limit: number): AppError {
  return new AppError(413, code, {
    used: megabytes(Math.max(0, usedBefore)),
    size: megabytes(size),
    limit: megabytes(limit),
  });
}

/**
 * After a change stored `addedBytes` for `owner` (and deleted what it replaced): 413 when the owner's files
 * or the school's now exceed their quota. The error rolls the transaction back, so nothing is stored; its
 * params say in MB what was used before this upload, the upload's size and the limit.
 */
export async function checkQuota(
  tx: Db,
  schoolId: number,
  owner: FileOwner,
  addedBytes: number,
  ctx?: Pick<Ctx, 'config'>,
): Promise<void> {
  const limits = await quotaBytes(tx, schoolId, ctx);
  if (owner) {
    const used = await sumFileSizes(tx, schoolId, owner.id);
    const limit = hasRole(owner, 'teacher') ? limits.teacher : limits.student;
    if (used > limit) throw quotaRefusal('upload.quota_exceeded', used - addedBytes, addedBytes, limit);
  }
  const schoolUsed = await sumFileSizes(tx, schoolId);
  if (schoolUsed > limits.school)
    throw quotaRefusal('upload.school_quota_exceeded', schoolUsed - addedBytes, addedBytes, limits.school);
}

/**
 * Before the expensive part of an upload (decoding, rasterising, a large insert): 413 when even the least it
 * can store, `minBytes`, does not fit beside what the owner and the school store now, counting the files it
 * would replace as freed. No lock and no exact size: `checkQuota` in the transaction still decides; this
 * only keeps a user who is already at the quota from making the server do that work again and again.
 * `uploadedBytes` is the size the message shows.
 */
export async function precheckQuota(
  db: Db,
  schoolId: number,
  owner: FileOwner,
  upload: { minBytes: number; uploadedBytes: number; replacing: (number | null)[] },
  ctx?: Pick<Ctx, 'config'>,
): Promise<void> {
  if (upload.minBytes <= 0) return;
  const limits = await quotaBytes(db, schoolId, ctx);
  const replacing = upload.replacing.filter((id): id is number => id !== null);
  if (owner) {
    const used =
      (await sumFileSizes(db, schoolId, owner.id)) -
      (await sumFileSizesOf(db, schoolId, replacing, owner.id));
    const limit = hasRole(owner, 'teacher') ? limits.teacher : limits.student;
    if (used + upload.minBytes > limit)
      throw quotaRefusal('upload.quota_exceeded', used, upload.uploadedBytes, limit);
  }
  const schoolUsed = (await sumFileSizes(db, schoolId)) - (await sumFileSizesOf(db, schoolId, replacing));
  if (schoolUsed + upload.minBytes > limits.school)
    throw quotaRefusal('upload.school_quota_exceeded', schoolUsed, upload.uploadedBytes, limits.school);
}
