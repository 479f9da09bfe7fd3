import {
  DEFAULT_UI_PREFERENCES,
  SelectedLangSchema,
  StoredRoleSchema,
  UiPreferencesSchema,
  type AccountSettings,
  type UiPreferences,
  type UserInfo,
} from '@aula/contracts';
import type { Db } from '../../db/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { findGroupsOfUser, findUserById, updateUserSettings } from './users.repo.ts';
import * as repo from './users.repo.ts';
import { insertUser, type NewUser } from './user-manager.repo.ts';
import * as reachRepo from './people-reach.repo.ts';
import type { PeopleReach, PeopleReachOptions, ReachPerson } from './people-reach.repo.ts';

export type { PeopleReach, PeopleReachOptions, ReachPerson };
export { findTotpUser } from './totp-user.repo.ts';

/**
 * The stored preferences over the defaults, key by key: a stored value that no longer parses (a bound
 * was tightened, a key renamed) falls back to its default instead of failing the whole user info.
 */
export function readPreferences(stored: unknown): UiPreferences {
  const source: Record<string, unknown> =
    stored !== null && typeof stored === 'object' && !Array.isArray(stored)
      ? (stored as Record<string, unknown>)
      : {};
  const entries = Object.entries(UiPreferencesSchema.shape).map(([key, schema]) => {
    const parsed = schema.safeParse(source[key]);
    return [key, parsed.success ? parsed.data : DEFAULT_UI_PREFERENCES[key as keyof UiPreferences]];
  });
  return Object.fromEntries(entries) as UiPreferences;
}

/** The session a user info is shown for: while impersonating, the real user and the end of it (spec 4.3). */
export interface UserInfoSession {
  impersonatorId: number | null;
  refreshExpiresAt: Date;
}

async function impersonatorOf(
  db: Db,
  session: UserInfoSession | undefined,
): Promise<UserInfo['impersonator']> {
  if (!session?.impersonatorId) return null;
  const real = await findUserById(db, session.impersonatorId);
  return real
    ? { id: real.id, username: real.username, first_name: real.firstName, last_name: real.lastName }
    : null;
}

/** spec 3.3: the user info the client sees */
export async function getUserInfo(db: Db, userId: number, session?: UserInfoSession): Promise<UserInfo> {
  const user = await findUserById(db, userId);
  if (!user) throw AppError.notFound();
  const groups = await findGroupsOfUser(db, userId);
  const lang = SelectedLangSchema.safeParse(user.selectedLang);
  const impersonator = await impersonatorOf(db, session);
  return {
    id: user.id,
    lara_id: user.laraId,
    username: user.username,
    first_name: user.firstName,
    last_name: user.lastName,
    roles: user.roles.filter((r) => StoredRoleSchema.safeParse(r).success) as UserInfo['roles'],
    type: user.type,
    groups,
    sitePolicyAccepted: user.sitePolicyAccepted,
    selected_theme: user.selectedTheme,
    selected_lang: lang.success ? lang.data : 'auto',
    preferences: readPreferences(user.preferences),
    email: user.email,
    secondary_email: user.secondaryEmail,
    totp_enabled: user.totpSecret !== null,
    must_change_password: user.mustChangePassword,
    impersonator,
    impersonation_expiration: impersonator && session ? session.refreshExpiresAt.getTime() : null,
  };
}

/**
 * PATCH /api/self/settings: only the given fields change, preferences key by key
 * (docs/decisions/019-account-settings.md). The body was validated by AccountSettingsSchema.
 */
export async function updateAccountSettings(
  db: Db,
  schoolId: number,
  userId: number,
  settings: AccountSettings,
): Promise<UserInfo> {
  await updateUserSettings(db, schoolId, userId, {
    selectedTheme: settings.selected_theme,
    selectedLang: settings.selected_lang,
    preferences:
      settings.preferences && Object.keys(settings.preferences).length > 0 ? settings.preferences : undefined,
  });
  return getUserInfo(db, userId);
}

// Writes to the users table for other modules (docs/ARCHITECTURE.md "Tables and their owners"): each takes the
// database or the caller's transaction first.

/** A new hash of the same password (a rehash at sign-in): nothing else changes. */
export function setPasswordHash(db: Db, userId: number, passwordHash: string): Promise<void> {
  return repo.updatePasswordHash(db, userId, passwordHash);
}

/** A password the user chose (change, reset code): stamped, and no forced change is left. */
export function setPassword(db: Db, userId: number, passwordHash: string, now: Date): Promise<void> {
  return repo.setPassword(db, userId, passwordHash, now);
}

export function setSecondaryEmail(db: Db, schoolId: number, userId: number, email: string | null) {
  return repo.setSecondaryEmail(db, schoolId, userId, email);
}

export function setSitePolicyAccepted(db: Db, schoolId: number, userId: number, now: Date): Promise<void> {
  return repo.setSitePolicyAccepted(db, schoolId, userId, now);
}

/** Stores a new pending TOTP seed unless a live one (younger than `staleBefore`) exists; answers the pending one. */
export function ensurePendingTotpSecret(
  db: Db,
  userId: number,
  sealed: string,
  now: Date,
  staleBefore: Date,
): Promise<string | null> {
  return repo.ensurePendingSecret(db, userId, sealed, now, staleBefore);
}

export function setPendingTotpSecret(db: Db, userId: number, sealed: string, now: Date): Promise<void> {
  return repo.setPendingSecret(db, userId, sealed, now);
}

/** Activates the checked pending seed, if it is still the pending one. */
export function activatePendingTotpSecret(
  db: Db,
  userId: number,
  pending: string,
  active: string,
  step: number,
): Promise<boolean> {
  return repo.activatePendingSecret(db, userId, pending, active, step);
}

/** Compare-and-set of the last accepted TOTP step: of two requests with one code, exactly one wins. */
export function acceptTotpStep(db: Db, userId: number, sealed: string, step: number): Promise<boolean> {
  return repo.acceptTotpStep(db, userId, sealed, step);
}

/** Turns 2FA off: the seed, a pending seed and the last step. */
export function clearTotp(db: Db, schoolId: number, userId: number): Promise<void> {
  return repo.clearTotp(db, schoolId, userId);
}

/** A new account (single sign-on); answers its id. */
export function createUser(db: Db, values: NewUser): Promise<number> {
  return insertUser(db, values);
}

export function setUserRoles(db: Db, userId: number, type: 'L' | 'S', roles: string[]): Promise<void> {
  return repo.setUserRoles(db, userId, type, roles);
}

/** The identity import's new users, without a password; answers their ids by directory key. */
export function insertImportedUsers(db: Db, schoolId: number, rows: readonly repo.NewImportedUser[]) {
  return repo.insertImportedUsers(db, schoolId, rows);
}

/** The identity import's changes to existing users, in one statement per chunk. */
export function updateImportedUsers(db: Db, schoolId: number, rows: readonly repo.ImportedUserUpdate[]) {
  return repo.updateImportedUsers(db, schoolId, rows);
}

/** Users the identity import no longer lists. */
export function deactivateUsers(db: Db, schoolId: number, ids: readonly number[], now: Date): Promise<void> {
  return repo.deactivateUsers(db, schoolId, ids, now);
}

/**
 * The people a caller reaches (decisions 067, 072), for the video rooms' and the chat's pickers and reach
 * checks: matching q, or those of `only` that are in reach. `db` may be a transaction.
 */
export function findPeopleInReach(
  db: Db,
  schoolId: number,
  reach: PeopleReach,
  opts: PeopleReachOptions,
): Promise<ReachPerson[]> {
  return reachRepo.findPeopleInReach(db, schoolId, reach, opts);
}
