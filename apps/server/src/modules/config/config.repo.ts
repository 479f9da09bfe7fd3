import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { config, configTexts } from '../../db/schema.ts';

export async function findConfigValues(db: Db, schoolId: number, keys: readonly string[]) {
  if (keys.length === 0) return [];
  return db
    .select({ key: config.key, value: config.value })
    .from(config)
    .where(and(eq(config.schoolId, schoolId), inArray(config.key, [...keys])));
}

/** Every key the school has stored: the request's configuration snapshot (decision 085). */
export async function findAllConfigValues(db: Db, schoolId: number) {
  return db
    .select({ key: config.key, value: config.value })
    .from(config)
    .where(eq(config.schoolId, schoolId));
}

export async function upsertConfigValue(db: Db, schoolId: number, key: string, value: string): Promise<void> {
  await db
    .insert(config)
    .values({ schoolId, key, value })
    .onConflictDoUpdate({ target: [config.schoolId, config.key], set: { value, updatedAt: new Date() } });
}

export async function findTexts(db: Db, schoolId: number, key: string) {
  return db
    .select({ lang: configTexts.lang, text: configTexts.text })
    .from(configTexts)
    .where(and(eq(configTexts.schoolId, schoolId), eq(configTexts.key, key)));
}

export async function upsertText(db: Db, schoolId: number, key: string, lang: string, text: string) {
  await db
    .insert(configTexts)
    .values({ schoolId, key, lang, text })
    .onConflictDoUpdate({
      target: [configTexts.schoolId, configTexts.key, configTexts.lang],
      set: { text, updatedAt: new Date() },
    });
}

export async function deleteText(db: Db, schoolId: number, key: string, lang: string) {
  await db
    .delete(configTexts)
    .where(and(eq(configTexts.schoolId, schoolId), eq(configTexts.key, key), eq(configTexts.lang, lang)));
}
