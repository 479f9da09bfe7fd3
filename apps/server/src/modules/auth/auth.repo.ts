import { and, eq, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { withCompiledRows } from '../../db/compiled-rows.ts';
import { transaction, type Db } from '../../db/index.ts';
import {
  groupMembers,
  loginFailures,
  loginLocks,
  sessions,
  usedRefreshTokens,
  users,
} from '../../db/schema.ts';

// a user the identity import deactivated (left the school) is refused and signed out like a blocked one
const userDisabled = sql<boolean>`(${users.blocked} or ${users.deactivatedAt} is not null)`;

const sessionUserColumns = {
  id: users.id,
  schoolId: users.schoolId,
  laraId: users.laraId,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  type: users.type,
  roles: users.roles,
  blocked: userDisabled,
  sitePolicyAccepted: users.sitePolicyAccepted,
  mustChangePassword: users.mustChangePassword,
  totpEnabled: sql<boolean>`(${users.totpSecret} is not null)`,
  selectedTheme: users.selectedTheme,
  selectedLang: users.selectedLang,
  groupIds: sql<
    number[]
  >`coalesce((select array_agg(${groupMembers.groupId}) from ${groupMembers} where ${groupMembers.userId} = ${users.id}), '{}')`,
};

const activeSessionColumns = {
  id: sessions.id,
  familyId: sessions.familyId,
  impersonatorId: sessions.impersonatorId,
  parentSessionId: sessions.parentSessionId,
  authAt: sessions.authAt,
  lastActivityAt: sessions.lastActivityAt,
  refreshExpiresAt: sessions.refreshExpiresAt,
};

export async function findUserForLogin(db: Db, schoolId: number, username: string) {
  const [row] = await db
    .select({ ...sessionUserColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.schoolId, schoolId), eq(sql`lower(${users.username})`, username.toLowerCase())))
    .limit(1);
  return row ?? null;
}

export async function insertSession(db: Db, values: typeof sessions.$inferInsert): Promise<number> {
  const [row] = await db.insert(sessions).values(values).returning({ id: sessions.id });
  return row!.id;
}

/** A session by its access token hash with the given columns of it and of its user: the statement both checks share. */
function sessionByAccessHash<
  S extends Record<string, PgColumn | SQL>,
  U extends Record<string, PgColumn | SQL>,
>(db: Db, sessionColumns: S, userColumns: U) {
  return db
    .select({ session: sessionColumns, user: userColumns })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.accessTokenHash, sql.placeholder('accessTokenHash')),
        eq(sessions.schoolId, sql.placeholder('schoolId')),
      ),
    )
    .limit(1);
}

/** The session check's statement, unprepared: built once per database below, and by the bench's bare server. */
export function sessionByAccessHashQuery(db: Db) {
  return sessionByAccessHash(
    db,
    { ...activeSessionColumns, revokedAt: sessions.revokedAt, accessExpiresAt: sessions.accessExpiresAt },
    sessionUserColumns,
  );
}

/**
 * The session check of a route that needs the session but not who the user is (the online ping, decision
 * 052): what decides whether the session still signs anyone in (its end, its revocation, its last activity,
 * and whether its user may still be signed in), nothing else. Six columns instead of 25: the ping is the
 * request every open tab sends every 15 s (issue 34, item 5).
 */
export function sessionOnlyByAccessHashQuery(db: Db) {
  return sessionByAccessHash(
    db,
    {
      id: sessions.id,
      lastActivityAt: sessions.lastActivityAt,
      revokedAt: sessions.revokedAt,
      accessExpiresAt: sessions.accessExpiresAt,
    },
    { id: users.id, blocked: userDisabled },
  );
}

/**
 * Every API request runs a session check: its statement is built once per database and prepared, so a
 * request neither rebuilds the query nor has PostgreSQL plan it again (issue 17).
 */
function preparedPerDatabase<Q>(prepare: (db: Db) => Q): (db: Db) => Q {
  const prepared = new WeakMap<Db, Q>();
  return (db) => {
    let query = prepared.get(db);
    if (!query) {
      query = prepare(db);
      prepared.set(db, query);
    }
    return query;
  };
}

// their rows are mapped by a mapper compiled once from the selection (decision 093), not walked per row
const sessionQuery = preparedPerDatabase((db) =>
  withCompiledRows(sessionByAccessHashQuery(db).prepare('session_by_access_hash')),
);
const sessionOnlyQuery = preparedPerDatabase((db) =>
  withCompiledRows(sessionOnlyByAccessHashQuery(db).prepare('session_only_by_access_hash')),
);

/**
 * The session check: one indexed read by token hash, joined with its user. Revoked, expired and blocked
 * sessions are returned too, so the caller can tell "revoked" (418) from "unknown or expired" (anonymous).
 */
export async function findSessionByAccessHash(db: Db, schoolId: number, accessTokenHash: string) {
  const [row] = await sessionQuery(db).execute({ accessTokenHash, schoolId });
  return row ?? null;
}

/** The session-only check (decision 052): the same read, with the user's id and blocked flag only. */
export async function findSessionOnlyByAccessHash(db: Db, schoolId: number, accessTokenHash: string) {
  const [row] = await sessionOnlyQuery(db).execute({ accessTokenHash, schoolId });
  return row ?? null;
}

const refreshSessionColumns = {
  id: sessions.id,
  userId: sessions.userId,
  revokedAt: sessions.revokedAt,
  accessExpiresAt: sessions.accessExpiresAt,
  refreshTokenHash: sessions.refreshTokenHash,
  refreshExpiresAt: sessions.refreshExpiresAt,
  previousRefreshHash: sessions.previousRefreshHash,
  rotatedAt: sessions.rotatedAt,
  lastActivityAt: sessions.lastActivityAt,
  browserSession: sessions.browserSession,
  impersonatorId: sessions.impersonatorId,
  parentSessionId: sessions.parentSessionId,
  userBlocked: userDisabled,
};
export type RefreshSession = {
  id: number;
  userId: number;
  revokedAt: Date | null;
  accessExpiresAt: Date;
  refreshTokenHash: string;
  refreshExpiresAt: Date;
  previousRefreshHash: string | null;
  rotatedAt: Date | null;
  lastActivityAt: Date;
  browserSession: boolean;
  impersonatorId: number | null;
  parentSessionId: number | null;
  userBlocked: boolean;
};

/** The session whose current refresh token this is. */
export async function findSessionByRefreshHash(
  db: Db,
  schoolId: number,
  refreshTokenHash: string,
): Promise<RefreshSession | null> {
  const [row] = await db
    .select(refreshSessionColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.refreshTokenHash, refreshTokenHash), eq(sessions.schoolId, schoolId)))
    .limit(1);
  return row ?? null;
}

/** The session a rotated-away refresh token once belonged to (reuse detection). */
export async function findSessionByUsedRefreshHash(
  db: Db,
  schoolId: number,
  tokenHash: string,
): Promise<RefreshSession | null> {
  const [row] = await db
    .select(refreshSessionColumns)
    .from(usedRefreshTokens)
    .innerJoin(sessions, eq(sessions.id, usedRefreshTokens.sessionId))
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(usedRefreshTokens.tokenHash, tokenHash), eq(usedRefreshTokens.schoolId, schoolId)))
    .limit(1);
  return row ?? null;
}

export async function rotateSessionTokens(
  db: Db,
  session: { id: number; schoolId: number },
  oldRefreshHash: string,
  now: Date,
  values: {
    accessTokenHash: string;
    accessExpiresAt: Date;
    refreshTokenHash: string;
    refreshExpiresAt: Date;
    lastActivityAt?: Date;
  },
): Promise<boolean> {
  return transaction(db, async (tx) => {
    // Compare-and-set on the old hash: two concurrent refreshes with one token cannot both win.
    const rows = await tx
      .update(sessions)
      .set({ ...values, previousRefreshHash: oldRefreshHash, rotatedAt: now })
      .where(
        and(
          eq(sessions.id, session.id),
          eq(sessions.refreshTokenHash, oldRefreshHash),
          isNull(sessions.revokedAt),
        ),
      )
      .returning({ id: sessions.id });
    if (rows.length !== 1) return false;
    await tx
      .insert(usedRefreshTokens)
      .values({ tokenHash: oldRefreshHash, schoolId: session.schoolId, sessionId: session.id, usedAt: now })
      .onConflictDoNothing();
    return true;
  });
}

/** A session a revoke ended: its tabs are told (session.end, decision 071). */
export interface EndedSession {
  id: number;
  userId: number;
}

/** Ends a session and the impersonation sessions started from it (refresh token reuse). */
export async function revokeSessionFamily(
  db: Db,
  sessionId: number,
  now: Date,
  reason: string,
): Promise<EndedSession[]> {
  return db
    .update(sessions)
    .set({ revokedAt: now, revokeReason: reason })
    .where(
      and(
        or(eq(sessions.id, sessionId), eq(sessions.parentSessionId, sessionId)),
        isNull(sessions.revokedAt),
      ),
    )
    .returning({ id: sessions.id, userId: sessions.userId });
}

/** Real user activity (not pings or refreshes), written at most once per ACTIVITY_WRITE_MS. */
export async function touchSessionActivity(db: Db, sessionId: number, now: Date): Promise<void> {
  await db.update(sessions).set({ lastActivityAt: now }).where(eq(sessions.id, sessionId));
}

/** The user proved their password again (POST /api/login/reauth). */
export async function setSessionAuthAt(db: Db, sessionId: number, now: Date): Promise<void> {
  await db.update(sessions).set({ authAt: now }).where(eq(sessions.id, sessionId));
}

export async function findPasswordHash(db: Db, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.passwordHash ?? null;
}

/** True when this call ended it (false: it had already ended). */
export async function revokeSession(db: Db, sessionId: number, now: Date, reason: string): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now, revokeReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length === 1;
}

/** Ends every live session of a user (password change or reset, 2FA change, blocking: SECURITY.md). */
export async function revokeSessionsOfUser(
  db: Db,
  userId: number,
  now: Date,
  reason: string,
  exceptSessionId?: number,
): Promise<EndedSession[]> {
  return db
    .update(sessions)
    .set({ revokedAt: now, revokeReason: reason })
    .where(
      and(
        // the user's own sessions and the impersonations they started (a blocked superadmin keeps none)
        or(eq(sessions.userId, userId), eq(sessions.impersonatorId, userId)),
        isNull(sessions.revokedAt),
        exceptSessionId === undefined ? undefined : ne(sessions.id, exceptSessionId),
      ),
    )
    .returning({ id: sessions.id, userId: sessions.userId });
}

export async function findSessionById(db: Db, schoolId: number, sessionId: number) {
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.schoolId, schoolId)))
    .limit(1);
  return row ?? null;
}

/** Lifts the sign-in lock of an account name and forgets its failures (an admin's unlock, a reset). */
export async function deleteLoginLock(db: Db, schoolId: number, accountKey: string): Promise<void> {
  await db
    .delete(loginLocks)
    .where(and(eq(loginLocks.schoolId, schoolId), eq(loginLocks.accountKey, accountKey)));
  await db
    .delete(loginFailures)
    .where(and(eq(loginFailures.schoolId, schoolId), eq(loginFailures.accountKey, accountKey)));
}

const LAST_SEEN_CHUNK = 5_000;

/** Ends an impersonation session (spec 4.3 stop); false when it had already ended. */
export async function endImpersonationSession(db: Db, sessionId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now, revokeReason: 'impersonation-end' })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), isNotNull(sessions.impersonatorId)))
    .returning({ id: sessions.id });
  return rows.length === 1;
}

/** Writes many sessions' last-seen times in one statement per chunk. */
export async function writeLastSeen(db: Db, entries: { sessionId: number; at: Date }[]): Promise<void> {
  for (let i = 0; i < entries.length; i += LAST_SEEN_CHUNK) {
    const values = sql.join(
      entries
        .slice(i, i + LAST_SEEN_CHUNK)
        .map((e) => sql`(${e.sessionId}::bigint, ${e.at.toISOString()}::timestamptz)`),
      sql`, `,
    );
    await db.execute(
      sql`update ${sessions} set last_seen_at = v.at from (values ${values}) as v(id, at) where ${sessions.id} = v.id`,
    );
  }
}
