import { eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { schools } from '../../db/schema.ts';

export async function findSchoolForHost(db: Db, host: string) {
  const rows = await db
    .select({ id: schools.id, host: schools.host, isDefault: schools.isDefault })
    .from(schools)
    .where(or(eq(schools.host, host), eq(schools.isDefault, true)));
  return rows.find((r) => r.host === host) ?? rows.find((r) => r.isDefault) ?? null;
}

export async function insertSchool(
  db: Db,
  values: { slug: string; name: string; host?: string | null; isDefault?: boolean },
) {
  const [row] = await db.insert(schools).values(values).returning();
  return row!;
}

export async function countSchools(db: Db): Promise<number> {
  return (await db.select({ id: schools.id }).from(schools)).length;
}

/** Every tile change bumps the school's tile version, part of each layout's version (decision 023). */
export async function bumpAppsVersion(db: Db, schoolId: number): Promise<void> {
  await db
    .update(schools)
    .set({ appsVersion: sql`${schools.appsVersion} + 1` })
    .where(eq(schools.id, schoolId));
}

export async function findSchoolIds(db: Db): Promise<number[]> {
  return (await db.select({ id: schools.id }).from(schools).orderBy(schools.id)).map((r) => r.id);
}
