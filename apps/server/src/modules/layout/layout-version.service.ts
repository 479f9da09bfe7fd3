import type { Db } from '../../db/index.ts';
import { bumpLayoutsHoldingApp as bumpLayoutsHoldingAppRows } from './layout.repo.ts';

// Writes to the layouts table for other modules (docs/ARCHITECTURE.md "Tables and their owners"), in a file of
// their own: app.ts hands bumpLayoutsHoldingApp to the apps routes (layout sits above apps, decision 083).

/** Before a tile is deleted (its items go with it): the layouts holding it get a new update id. */
export function bumpLayoutsHoldingApp(db: Db, schoolId: number, appId: number): Promise<void> {
  return bumpLayoutsHoldingAppRows(db, schoolId, appId);
}
