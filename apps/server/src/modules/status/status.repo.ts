import { sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';

export async function pingDb(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
