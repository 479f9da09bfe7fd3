import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { config } from '../../db/schema.ts';

export async function findConfigValues(db: Db, schoolId: number, keys: readonly string[]) {
  if (keys.length === 0) return [];
  return db
    .select({ key: config.key, value: config.value })
    .from(config)
    .where(and(eq(config.schoolId, schoolId), inArray(config.key, [...keys])));
}

export async function upsertConfigValue(db: Db, schoolId: number, key: string, value: string): Promise<void> {
  await db
    .insert(config)
    .values({ schoolId, key, value })
    .onConflictDoUpdate({ target: [config.schoolId, config.key], set: { value, updatedAt: new Date() } });
}
