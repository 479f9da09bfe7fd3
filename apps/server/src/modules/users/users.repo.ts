import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { chunks } from '../../db/chunks.ts';
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

export async function updatePasswordHash(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

export async function setPassword(db: Db, userId: number, passwordHash: string, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, passwordChangedAt: now, mustChangePassword: false })
    .where(eq(users.id, userId));
}

export async function setSecondaryEmail(
  db: Db,
  schoolId: number,
  userId: number,
  email: string | null,
): Promise<void> {
  await db
    .update(users)
    .set({ secondaryEmail: email })
    .where(and(eq(users.id, userId), eq(users.schoolId, schoolId)));
}

export async function setSitePolicyAccepted(
  db: Db,
  schoolId: number,
  userId: number,
  now: Date,
): Promise<void> {
  await db
    .update(users)
    .set({ sitePolicyAccepted: true, sitePolicyAcceptedAt: now })
    .where(and(eq(users.id, userId), eq(users.schoolId, schoolId)));
}

/** Stores a new pending seed unless a live one (younger than `staleBefore`) exists; answers the pending one. */
export async function ensurePendingSecret(
  db: Db,
  userId: number,
  sealed: string,
  now: Date,
  staleBefore: Date,
): Promise<string | null> {
  await db
    .update(users)
    .set({ totpPendingSecret: sealed, totpPendingAt: now })
    .where(
      and(
        eq(users.id, userId),
        or(
          isNull(users.totpPendingSecret),
          isNull(users.totpPendingAt),
          lt(users.totpPendingAt, staleBefore),
        ),
      ),
    );
  const [row] = await db.select({ pending: users.totpPendingSecret }).from(users).where(eq(users.id, userId));
  return row?.pending ?? null;
}

export async function setPendingSecret(db: Db, userId: number, sealed: string, now: Date): Promise<void> {
  await db.update(users).set({ totpPendingSecret: sealed, totpPendingAt: now }).where(eq(users.id, userId));
}

/** Activates the checked pending seed (resealed as the active one), if it is still the pending one. */
export async function activatePendingSecret(
  db: Db,
  userId: number,
  pending: string,
  active: string,
  step: number,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpSecret: active, totpPendingSecret: null, totpPendingAt: null, totpLastStep: step })
    .where(and(eq(users.id, userId), eq(users.totpPendingSecret, pending)))
    .returning({ id: users.id });
  return rows.length === 1;
}

/**
 * Compare-and-set of the last accepted step: of two requests with one code, only the first
 * update matches the condition (PostgreSQL re-checks it after the row lock), so exactly one wins.
 */
export async function acceptTotpStep(db: Db, userId: number, sealed: string, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(users.id, userId),
        eq(users.totpSecret, sealed),
        or(isNull(users.totpLastStep), lt(users.totpLastStep, step)),
      ),
    )
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Turns 2FA off: the seed, a pending seed and the last step. */
export async function clearTotp(db: Db, schoolId: number, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ totpSecret: null, totpPendingSecret: null, totpPendingAt: null, totpLastStep: null })
    .where(and(eq(users.id, userId), eq(users.schoolId, schoolId)));
}

export async function setUserRoles(db: Db, userId: number, type: 'L' | 'S', roles: string[]): Promise<void> {
  await db.update(users).set({ type, roles }).where(eq(users.id, userId));
}

export interface NewImportedUser {
  laraId: string;
  externalId: string;
  username: string;
  firstName: string;
  lastName: string;
  email: string | null;
  type: 'L' | 'S';
  roles: string[];
}

/** New users without a password: they set one with a reset code or get one from an admin. */
export async function insertImportedUsers(tx: Db, schoolId: number, rows: readonly NewImportedUser[]) {
  const created: { id: number; externalId: string | null }[] = [];
  for (const chunk of chunks(rows)) {
    created.push(
      ...(await tx
        .insert(users)
        .values(chunk.map((u) => ({ schoolId, ...u })))
        .returning({ id: users.id, externalId: users.externalId })),
    );
  }
  return created;
}

export interface ImportedUserUpdate {
  id: number;
  firstName: string;
  lastName: string;
  email: string | null;
  type: 'L' | 'S';
  addAdmin: boolean;
  reactivate: boolean;
}

/** All changed users in one statement per chunk (no round trip per row). */
export async function updateImportedUsers(tx: Db, schoolId: number, rows: readonly ImportedUserUpdate[]) {
  for (const chunk of chunks(rows)) {
    await tx.execute(sql`
      update users u set
        first_name = v."firstName",
        last_name = v."lastName",
        email = v.email,
        type = v.type,
        roles = case when v."addAdmin" and not ('admin' = any(u.roles)) then array_append(u.roles, 'admin')
                else u.roles end,
        deactivated_at = case when v.reactivate then null else u.deactivated_at end
      from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb)
        as v(id int, "firstName" text, "lastName" text, email text, type text, "addAdmin" boolean, reactivate boolean)
      where u.id = v.id and u.school_id = ${schoolId}`);
  }
}

export async function deactivateUsers(tx: Db, schoolId: number, ids: readonly number[], now: Date) {
  for (const chunk of chunks(ids)) {
    await tx
      .update(users)
      .set({ deactivatedAt: now })
      .where(and(eq(users.schoolId, schoolId), inArray(users.id, chunk)));
  }
}
