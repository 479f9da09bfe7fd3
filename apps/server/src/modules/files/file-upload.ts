// The one way an area stores an upload (decision 045, SECURITY.md "Uploads"): quota, prepare, store, check.
// `precheck` refuses a caller at the quota before the expensive preparation (decoding, re-encoding), `store`
// puts each prepared file into the caller's transaction as the upload's owner, and `check` decides the quota
// in that transaction, after the files the change replaces are deleted, so a refusal rolls everything back.
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import { checkQuota, precheckQuota, storeFile, type FileOwner } from './files.service.ts';

/** What the quota precheck needs: the least the upload can store, its size as sent, the files it replaces. */
export interface UploadQuota {
  minBytes: number;
  uploadedBytes: number;
  replacing?: (number | null)[];
}

export interface FileUpload {
  /** 413 when even `minBytes` does not fit beside what the owner and the school store now (no lock). */
  precheck(quota: UploadQuota): Promise<void>;
  /** Stores one prepared file in the transaction `tx` and returns its id. */
  store(tx: Db, file: { name: string; mime: string; data: Buffer }): Promise<number>;
  /** In the same transaction, after the replaced files are deleted: 413 when the stored files break a quota. */
  check(tx: Db): Promise<void>;
}

/**
 * One upload of `owner` (null: the school's own file, counted to the school only) into the school's files.
 * Use it for one transaction: `check` counts what `store` stored. Given a context, the quotas come from its
 * configuration snapshot (decision 085).
 */
export function fileUpload(
  place: { db: Db; schoolId: number } & Partial<Pick<Ctx, 'config'>>,
  owner: FileOwner,
): FileUpload {
  const snapshot = place.config ? { config: place.config } : undefined;
  let storedFiles = 0;
  let storedBytes = 0;
  return {
    precheck: (quota) =>
      precheckQuota(
        place.db,
        place.schoolId,
        owner,
        {
          minBytes: quota.minBytes,
          uploadedBytes: quota.uploadedBytes,
          replacing: quota.replacing ?? [],
        },
        snapshot,
      ),
    async store(tx, file) {
      const id = await storeFile(tx, {
        schoolId: place.schoolId,
        owner,
        name: file.name,
        mime: file.mime,
        data: file.data,
      });
      storedFiles += 1;
      storedBytes += file.data.length;
      return id;
    },
    async check(tx) {
      if (storedFiles > 0) await checkQuota(tx, place.schoolId, owner, storedBytes, snapshot);
    },
  };
}
