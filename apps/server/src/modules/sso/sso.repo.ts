import { and, eq, gt, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import {
  externalIdentities,
  groups,
  samlAssertions,
  samlSpKeys,
  sessions,
  ssoRequests,
  ssoSessions,
  users,
} from '../../db/schema.ts';

export type SsoProvider = 'oidc' | 'saml';

export async function insertSsoRequest(db: Db, values: typeof ssoRequests.$inferInsert): Promise<void> {
  await db.insert(ssoRequests).values(values);
}

/** The request under this state: of this school and protocol, not used, not expired, of the kind asked. */
function openRequest(
  schoolId: number,
  provider: SsoProvider,
  stateHash: string,
  now: Date,
  answered: boolean | undefined,
) {
  return and(
    eq(ssoRequests.schoolId, schoolId),
    eq(ssoRequests.provider, provider),
    eq(ssoRequests.stateHash, stateHash),
    isNull(ssoRequests.usedAt),
    gt(ssoRequests.expiresAt, now),
    answered === undefined
      ? undefined
      : answered
        ? isNotNull(ssoRequests.identity)
        : isNull(ssoRequests.identity),
  );
}

/**
 * Takes a sign-in request once: marks it used and returns it, or null when it is unknown, already used or
 * expired. The update is the check, so two callbacks cannot both win. For SAML, `answered` says which kind
 * of row: a request waiting for the provider's answer (false), or a checked identity waiting for the
 * browser (true); neither can be taken as the other.
 */
export async function takeSsoRequest(
  db: Db,
  schoolId: number,
  provider: SsoProvider,
  stateHash: string,
  now: Date,
  answered?: boolean,
) {
  const [row] = await db
    .update(ssoRequests)
    .set({ usedAt: now })
    .where(openRequest(schoolId, provider, stateHash, now, answered))
    .returning();
  return row ?? null;
}

/** Requests older than a day are of no use to anyone; a SAML identity nobody claimed goes once expired. */
export async function deleteOldSsoRequests(db: Db, now: Date): Promise<void> {
  await db
    .delete(ssoRequests)
    .where(
      or(
        lt(ssoRequests.expiresAt, new Date(now.getTime() - 24 * 3600_000)),
        and(isNotNull(ssoRequests.identity), lt(ssoRequests.expiresAt, now)),
      ),
    );
}

/** The claimed SAML identity is not kept: the account holds what it needs. */
export async function clearSsoIdentity(db: Db, id: number): Promise<void> {
  await db.update(ssoRequests).set({ identity: null }).where(eq(ssoRequests.id, id));
}

const linkedUser = {
  id: users.id,
  blocked: users.blocked,
  deactivatedAt: users.deactivatedAt,
  type: users.type,
  roles: users.roles,
};

export async function findUserByIdentity(db: Db, schoolId: number, issuer: string, subject: string) {
  const [row] = await db
    .select(linkedUser)
    .from(externalIdentities)
    .innerJoin(users, eq(users.id, externalIdentities.userId))
    .where(
      and(
        eq(externalIdentities.schoolId, schoolId),
        eq(externalIdentities.issuer, issuer),
        eq(externalIdentities.subject, subject),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** An account the provider's claim names: by e-mail or user name (any case), or by the import's key. */
export async function findUserByField(
  db: Db,
  schoolId: number,
  field: 'email' | 'username' | 'external_id',
  value: string,
) {
  const column =
    field === 'email'
      ? sql`lower(${users.email})`
      : field === 'username'
        ? sql`lower(${users.username})`
        : sql`${users.externalId}`;
  const wanted = field === 'external_id' ? value : value.toLowerCase();
  const rows = await db
    .select(linkedUser)
    .from(users)
    .where(and(eq(users.schoolId, schoolId), eq(column, wanted)))
    .limit(2);
  // two accounts with the same address: linking either would be a guess
  return rows.length === 1 ? rows[0]! : null;
}

/** Whether another identity of this provider is already linked to the account (one per account and issuer). */
export async function hasIdentity(db: Db, userId: number, issuer: string): Promise<boolean> {
  const [row] = await db
    .select({ id: externalIdentities.id })
    .from(externalIdentities)
    .where(and(eq(externalIdentities.userId, userId), eq(externalIdentities.issuer, issuer)))
    .limit(1);
  return row !== undefined;
}

export async function insertIdentity(db: Db, values: typeof externalIdentities.$inferInsert): Promise<void> {
  await db.insert(externalIdentities).values(values);
}

export async function touchIdentity(db: Db, schoolId: number, issuer: string, subject: string, now: Date) {
  await db
    .update(externalIdentities)
    .set({ lastLoginAt: now })
    .where(
      and(
        eq(externalIdentities.schoolId, schoolId),
        eq(externalIdentities.issuer, issuer),
        eq(externalIdentities.subject, subject),
      ),
    );
}

export async function findUsernamesLike(db: Db, schoolId: number, base: string): Promise<Set<string>> {
  const rows = await db
    .select({ username: sql<string>`lower(${users.username})` })
    .from(users)
    .where(and(eq(users.schoolId, schoolId), sql`lower(${users.username}) like ${`${base}%`}`));
  return new Set(rows.map((r) => r.username));
}

export async function findGroupIdsByName(db: Db, schoolId: number, names: readonly string[]) {
  if (names.length === 0) return [];
  const lowered = names.map((n) => n.toLowerCase());
  const rows = await db
    .select({ id: groups.id, name: groups.name })
    .from(groups)
    .where(and(eq(groups.schoolId, schoolId), inArray(sql`lower(${groups.name})`, lowered)));
  return rows.map((r) => r.id);
}

/** A sign-in request still open (not used, not expired), without taking it: node-saml asks more than once. */
export async function findOpenSsoRequest(
  db: Db,
  schoolId: number,
  provider: SsoProvider,
  stateHash: string,
  now: Date,
) {
  const [row] = await db
    .select({ id: ssoRequests.id, createdAt: ssoRequests.createdAt })
    .from(ssoRequests)
    .where(openRequest(schoolId, provider, stateHash, now, false))
    .limit(1);
  return row ?? null;
}

/**
 * Records a SAML assertion id as used; false when it was used before (a replay). The unique index is the
 * check, so two posts of one assertion cannot both pass.
 */
export async function rememberAssertion(
  db: Db,
  values: { schoolId: number; issuer: string; assertionId: string; expiresAt: Date },
  now: Date,
): Promise<boolean> {
  await db.delete(samlAssertions).where(lt(samlAssertions.expiresAt, now));
  const rows = await db
    .insert(samlAssertions)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: samlAssertions.id });
  return rows.length === 1;
}

/** What signing out at the provider will need, kept with the session it belongs to. */
export async function insertSsoSession(db: Db, values: typeof ssoSessions.$inferInsert): Promise<void> {
  await db.insert(ssoSessions).values(values).onConflictDoNothing();
}

export async function findSsoSession(db: Db, schoolId: number, sessionId: number) {
  const [row] = await db
    .select()
    .from(ssoSessions)
    .where(and(eq(ssoSessions.schoolId, schoolId), eq(ssoSessions.sessionId, sessionId)))
    .limit(1);
  return row ?? null;
}

export async function deleteSsoSession(db: Db, id: number): Promise<void> {
  await db.delete(ssoSessions).where(eq(ssoSessions.id, id));
}

/** The sign-out handle of this session goes (signing out here used it, or had no use for it). */
export async function deleteSsoSessionOf(db: Db, schoolId: number, sessionId: number): Promise<void> {
  await db
    .delete(ssoSessions)
    .where(and(eq(ssoSessions.schoolId, schoolId), eq(ssoSessions.sessionId, sessionId)));
}

/**
 * A session that ended a minute ago (the sign-out that ended it reads its handle in the same request) or
 * whose refresh token expired needs no sign-out handle any more: sealed ID tokens and NameIDs go, unless a
 * LogoutResponse for them is still awaited. Sessions are revoked, never deleted, so the foreign key's
 * cascade alone would keep them for ever; this runs on every sign-out and every start of an SSO sign-in.
 */
export async function deleteEndedSsoSessions(db: Db, now: Date): Promise<void> {
  const graceEnd = new Date(now.getTime() - ENDED_GRACE_MS);
  const ended = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(or(lt(sessions.revokedAt, graceEnd), lte(sessions.refreshExpiresAt, now)));
  await db
    .delete(ssoSessions)
    .where(
      and(
        or(isNull(ssoSessions.logoutExpiresAt), lte(ssoSessions.logoutExpiresAt, now)),
        inArray(ssoSessions.sessionId, ended),
      ),
    );
}

/** How long the handle of a just-ended session is kept for the sign-out that ended it. */
const ENDED_GRACE_MS = 60_000;

/** The SAML LogoutRequest sent for this session, by the hash of its ID, awaited until `expiresAt`. */
export async function markLogoutRequest(db: Db, id: number, requestHash: string, expiresAt: Date) {
  await db
    .update(ssoSessions)
    .set({ logoutRequestHash: requestHash, logoutExpiresAt: expiresAt })
    .where(eq(ssoSessions.id, id));
}

/** An awaited LogoutRequest of this school, looked up without taking it: node-saml asks first. */
export async function findLogoutRequest(db: Db, schoolId: number, requestHash: string, now: Date) {
  const [row] = await db
    .select({ id: ssoSessions.id, createdAt: ssoSessions.createdAt })
    .from(ssoSessions)
    .where(
      and(
        eq(ssoSessions.schoolId, schoolId),
        eq(ssoSessions.logoutRequestHash, requestHash),
        gt(ssoSessions.logoutExpiresAt, now),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Takes the awaited LogoutRequest once: the row goes, so one LogoutResponse is accepted once. */
export async function takeLogoutRequest(db: Db, schoolId: number, requestHash: string, now: Date) {
  const rows = await db
    .delete(ssoSessions)
    .where(
      and(
        eq(ssoSessions.schoolId, schoolId),
        eq(ssoSessions.logoutRequestHash, requestHash),
        gt(ssoSessions.logoutExpiresAt, now),
      ),
    )
    .returning({ id: ssoSessions.id });
  return rows.length === 1;
}

/** The sessions a provider's own LogoutRequest names: by NameID, and by SessionIndex when it gives one. */
export async function findSamlSessions(
  db: Db,
  schoolId: number,
  nameId: string,
  sessionIndexes: readonly string[],
) {
  return db
    .select({ id: ssoSessions.id, sessionId: ssoSessions.sessionId })
    .from(ssoSessions)
    .where(
      and(
        eq(ssoSessions.schoolId, schoolId),
        eq(ssoSessions.provider, 'saml'),
        eq(ssoSessions.nameId, nameId),
        sessionIndexes.length > 0 ? inArray(ssoSessions.sessionIndex, [...sessionIndexes]) : undefined,
      ),
    );
}

export async function findSpKey(db: Db, schoolId: number) {
  const [row] = await db.select().from(samlSpKeys).where(eq(samlSpKeys.schoolId, schoolId)).limit(1);
  return row ?? null;
}

/** A key pair sealed under a key the server no longer has is of no use: it goes, and a new one is made. */
export async function deleteSpKey(db: Db, schoolId: number): Promise<void> {
  await db.delete(samlSpKeys).where(eq(samlSpKeys.schoolId, schoolId));
}

/** Stores the school's first key pair; when two requests made one at once, the first stored wins. */
export async function insertSpKeyIfMissing(db: Db, values: typeof samlSpKeys.$inferInsert): Promise<void> {
  await db.insert(samlSpKeys).values(values).onConflictDoNothing();
}
