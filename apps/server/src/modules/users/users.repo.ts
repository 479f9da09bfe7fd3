import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/index.ts';
import { groupMembers, groups, sessions, users } from '../../db/schema.ts';

export async function findUserById(db: Db, userId: number) {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

export async function findGroupsOfUser(db: Db, userId: number) {
  return db
    .select({ id: groups.id, name: groups.name })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(eq(groupMembers.userId, userId))
    .orderBy(groups.name);
}

export interface SettingsUpdate {
  selectedTheme?: 'light' | 'dark' | 'auto';
  selectedLang?: string;
  /** Merged key by key over the stored preferences, in one statement (no lost update between two tabs). */
  preferences?: Record<string, unknown>;
}

export async function updateUserSettings(
  db: Db,
  schoolId: number,
  userId: number,
  update: SettingsUpdate,
): Promise<void> {
  const set: PgUpdateSetSource<typeof users> = {};
  if (update.selectedTheme !== undefined) set.selectedTheme = update.selectedTheme;
  if (update.selectedLang !== undefined) set.selectedLang = update.selectedLang;
  if (update.preferences !== undefined) {
    // jsonb || jsonb replaces the given top-level keys and keeps the rest
    set.preferences = sql`(case when jsonb_typeof(${users.preferences}) = 'object' then ${users.preferences} else '{}'::jsonb end) || ${JSON.stringify(update.preferences)}::jsonb`;
  }
  if (Object.keys(set).length === 0) return;
  await db
    .update(users)
    .set(set)
    .where(and(eq(users.id, userId), eq(users.schoolId, schoolId)));
}

/** The parent session's cookie kind, so the impersonation cookies follow logout_on_browser_close too. */
export async function isBrowserSession(db: Db, sessionId: number): Promise<boolean> {
  const [row] = await db
    .select({ browserSession: sessions.browserSession })
    .from(sessions)
    .where(eq(sessions.id, sessionId))
    .limit(1);
  return row?.browserSession ?? false;
}

/** Ends an impersonation session (spec 4.3 stop); false when it had already ended. */
export async function endImpersonationSession(db: Db, sessionId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now, revokeReason: 'impersonation-end' })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), isNotNull(sessions.impersonatorId)))
    .returning({ id: sessions.id });
  return rows.length === 1;
}
