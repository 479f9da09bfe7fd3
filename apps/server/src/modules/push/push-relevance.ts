import type { Db } from '../../db/index.ts';
import type { ClaimedPush } from './push-queue.repo.ts';

// Placeholder until issue 23's deciding work replaces this file: every queued push is still relevant.
export async function isStillRelevant(db: Db, row: ClaimedPush): Promise<boolean> {
  void db;
  void row;
  return true;
}
