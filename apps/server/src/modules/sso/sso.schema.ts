// The tables the sso module owns: only its repos write them (docs/ARCHITECTURE.md "Tables and their owners").
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/common-columns.ts';
import { sessions } from '../auth/auth.schema.ts';
import { schools } from '../schools/schools.schema.ts';
import { users } from '../users/users.schema.ts';

// An account's identity at the school's identity provider (SECURITY.md: keyed by issuer and subject).
export const externalIdentities = pgTable(
  'external_identities',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['oidc', 'saml'] }).notNull(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    createdAt: createdAt(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('external_identities_subject').on(t.schoolId, t.issuer, t.subject),
    index('external_identities_user').on(t.userId),
  ],
);

// A sign-in at the identity provider in flight: state, nonce and PKCE verifier stay on the server, bound to
// the browser that started it by a cookie whose hash is kept here; used once, valid for 10 minutes.
export const ssoRequests = pgTable(
  'sso_requests',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['oidc', 'saml'] }).notNull(),
    stateHash: text('state_hash').notNull(),
    browserHash: text('browser_hash').notNull(),
    nonce: text('nonce'),
    codeVerifier: text('code_verifier'),
    returnTo: text('return_to').notNull().default('/'),
    // SAML: the identity the assertion consumer service checked, waiting for the browser that started the
    // sign-in to claim it (decision 040); null on every request that has not been answered yet
    identity: jsonb('identity').$type<{
      issuer: string;
      subject: string;
      claims: Record<string, unknown>;
      // when the person authenticated at the provider (AuthnInstant) and when the sign-in started here, for
      // the fresh sign-in check after a sign-out (decision 042)
      authnInstant?: string | null;
      startedAt?: string;
      // what a LogoutRequest names later (single logout, decision 042)
      logout?: {
        nameId: string;
        nameIdFormat: string | null;
        nameQualifier: string | null;
        spNameQualifier: string | null;
        sessionIndex: string | null;
      };
    }>(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sso_requests_state').on(t.stateHash), index('sso_requests_expires').on(t.expiresAt)],
);

// SAML assertion ids already accepted (SECURITY.md: never reused), kept until the assertion has expired.
export const samlAssertions = pgTable(
  'saml_assertions',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    assertionId: text('assertion_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('saml_assertions_id').on(t.schoolId, t.issuer, t.assertionId),
    index('saml_assertions_expires').on(t.expiresAt),
  ],
);

// A session that came from the school's identity provider: what signing out there needs (issue 16 item 10).
// OIDC: the ID token, sealed (lib/secret-box.ts), for id_token_hint. SAML: the NameID and SessionIndex for the
// LogoutRequest, and the hash of the LogoutRequest's ID while its answer is awaited. Goes with the session.
export const ssoSessions = pgTable(
  'sso_sessions',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    sessionId: bigint('session_id', { mode: 'number' })
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['oidc', 'saml'] }).notNull(),
    idTokenSealed: text('id_token_sealed'),
    nameId: text('name_id'),
    nameIdFormat: text('name_id_format'),
    nameQualifier: text('name_qualifier'),
    spNameQualifier: text('sp_name_qualifier'),
    sessionIndex: text('session_index'),
    logoutRequestHash: text('logout_request_hash'),
    logoutExpiresAt: timestamp('logout_expires_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sso_sessions_session').on(t.sessionId),
    uniqueIndex('sso_sessions_logout_request').on(t.logoutRequestHash),
    index('sso_sessions_name_id').on(t.schoolId, t.nameId),
  ],
);

// Aula's own SAML signing key pair per school (SP metadata, signed LogoutRequests), made on first need; the
// private key sealed (lib/secret-box.ts), the certificate public.
export const samlSpKeys = pgTable('saml_sp_keys', {
  schoolId: integer('school_id')
    .primaryKey()
    .references(() => schools.id, { onDelete: 'cascade' }),
  certificate: text('certificate').notNull(),
  privateKeySealed: text('private_key_sealed').notNull(),
  createdAt: createdAt(),
});
