// The files table's owner (DESIGN.md "Files"): every stored file goes in through here, inside the caller's
// transaction, and counts towards upload quotas (SECURITY.md "Uploads", decision 045).
import { hasRole } from '@aula/contracts';
import type { Db } from '../../db/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { megabytes } from '../../lib/uploads.ts';
import type { SessionUser } from '../auth/auth.repo.ts';
import { getConfigValues } from '../config/config.service.ts';
import { insertFile, lockSchoolFiles, sumFileSizes } from './files.repo.ts';

const MB = 1024 * 1024;

/** A user's own files, or null for the school's (logo, login background): those count to the school only. */
export type FileOwner = Pick<SessionUser, 'id' | 'type' | 'roles'> | null;

/**
 * Stores one file in the transaction `tx`. The school's row stays locked until the transaction ends, so
 * call `checkQuota` in the same transaction, after the old files a change replaces are deleted.
 */
export async function storeFile(
  tx: Db,
  file: { schoolId: number; owner: FileOwner; name: string; mime: string; data: Buffer },
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

/** The quotas in bytes; an unreadable value counts as 0, which allows nothing. */
async function quotaBytes(db: Db, schoolId: number) {
  const config = await getConfigValues(db, schoolId, [
    'upload_quota_student_mb',
    'upload_quota_teacher_mb',
    'upload_quota_school_mb',
  ]);
  const mb = (raw: string | undefined) => Math.max(0, Number(raw) || 0) * MB;
  return {
    student: mb(config.upload_quota_student_mb),
    teacher: mb(config.upload_quota_teacher_mb),
    school: mb(config.upload_quota_school_mb),
  };
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
): Promise<void> {
  const limits = await quotaBytes(tx, schoolId);
  const refuse = (
    code: 'upload.quota_exceeded' | 'upload.school_quota_exceeded',
    used: number,
    limit: number,
  ) =>
    new AppError(413, code, {
      used: megabytes(Math.max(0, used - addedBytes)),
      size: megabytes(addedBytes),
      limit: megabytes(limit),
    });
  if (owner) {
    const used = await sumFileSizes(tx, schoolId, owner.id);
    const limit = hasRole(owner, 'teacher') ? limits.teacher : limits.student;
    if (used > limit) throw refuse('upload.quota_exceeded', used, limit);
  }
  const schoolUsed = await sumFileSizes(tx, schoolId);
  if (schoolUsed > limits.school) throw refuse('upload.school_quota_exceeded', schoolUsed, limits.school);
}
