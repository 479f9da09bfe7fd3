import type { Db } from '../../db/index.ts';
import { auditLog } from '../../db/schema.ts';

export type AuditEntry = typeof auditLog.$inferInsert;

export async function insertAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values(entry);
}
