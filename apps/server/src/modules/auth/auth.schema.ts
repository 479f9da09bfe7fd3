// The tables the auth module owns: only its repos write them (docs/ARCHITECTURE.md "Tables and their owners").
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/common-columns.ts';
import { schools } from '../schools/schools.schema.ts';
import { users } from '../users/users.schema.ts';

// Opaque tokens, stored only as SHA-256 hashes (SECURITY.md "Sessions").
export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: text('family_id').notNull(),
    accessTokenHash: text('access_token_hash').notNull(),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }).notNull(),
    refreshTokenHash: text('refresh_token_hash').notNull(),
    refreshExpiresAt: timestamp('refresh_expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    // why the server ended it (logout, reuse, blocked, password, totp, idle, impersonation-end, ...)
    revokeReason: text('revoke_reason'),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    // real user activity (not pings or refreshes): the server-side idle timeout (logout_on_idle_time)
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    // the last time the user proved their password: impersonation needs it within 5 minutes
    authAt: timestamp('auth_at', { withTimezone: true }).notNull().defaultNow(),
    // the refresh token this one replaced, accepted for a few seconds only (tabs refreshing together)
    previousRefreshHash: text('previous_refresh_hash'),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    // cookies without an expiry, so the browser drops them when it closes (logout_on_browser_close)
    browserSession: boolean('browser_session').notNull().default(false),
    // impersonation: the superadmin behind this session, the session to return to, and why
    impersonatorId: integer('impersonator_id').references(() => users.id, { onDelete: 'cascade' }),
    parentSessionId: bigint('parent_session_id', { mode: 'number' }),
    impersonationReason: text('impersonation_reason'),
    userAgent: text('user_agent'),
    // signed in through the school's identity provider ('oidc', 'saml'): logout also offers its logout address
    ssoProvider: text('sso_provider'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sessions_access_token_hash').on(t.accessTokenHash),
    uniqueIndex('sessions_refresh_token_hash').on(t.refreshTokenHash),
    index('sessions_previous_refresh_hash').on(t.previousRefreshHash),
    index('sessions_family').on(t.familyId),
    index('sessions_user').on(t.userId),
    index('sessions_school_last_seen').on(t.schoolId, t.lastSeenAt),
  ],
);

// Every refresh token that was rotated away: presenting one again revokes its family (SECURITY.md "Sessions").
export const usedRefreshTokens = pgTable(
  'used_refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    sessionId: bigint('session_id', { mode: 'number' })
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('used_refresh_tokens_session').on(t.sessionId)],
);

// Brute force (SECURITY.md "Sign-in"): failed sign-ins per account name (known or not) and address.
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    // the lower-cased name typed at sign-in: unknown accounts are counted and locked exactly like known ones
    accountKey: text('account_key').notNull(),
    ip: text('ip').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    // an attempt whose password is being checked: counted for its account at once, so concurrent
    // guesses cannot slip past the limit; deleted on success, a plain failure otherwise
    pending: boolean('pending').notNull().default(false),
    // the browser's device cookie when it was trusted for this account (decision 074): such a device's own
    // failures are its budget, apart from the account's and the address's
    device: text('device'),
  },
  (t) => [
    index('login_failures_account_at').on(t.schoolId, t.accountKey, t.at),
    index('login_failures_ip_at').on(t.ip, t.at),
  ],
);

/** Solved sign-in challenges (decision 074): each is taken once, until it would have expired anyway. */
export const loginChallengesSpent = pgTable('login_challenges_spent', {
  signature: text('signature').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export const loginLocks = pgTable(
  'login_locks',
  {
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    accountKey: text('account_key').notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.accountKey] })],
);
