import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

// Tenancy: every school-owned row carries school_id (DESIGN.md "Data").
export const schools = pgTable('schools', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  host: text('host').unique(),
  isDefault: boolean('is_default').notNull().default(false),
  // bumped by every tile create, update, delete and translation: part of the layout version (decision 023)
  appsVersion: integer('apps_version').notNull().default(1),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    laraId: text('lara_id').notNull(),
    username: text('username').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    email: text('email'),
    type: text('type', { enum: ['L', 'S'] })
      .notNull()
      .default('S'),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    passwordHash: text('password_hash'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    // set when an admin gives the user a password; with force_password_change the user must change it first
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    // spec 3.3 "accounts": a second address the user adds themselves (secondary-email dialog)
    secondaryEmail: text('secondary_email'),
    // TOTP (RFC 6238): seeds encrypted at rest (lib/secret-box.ts); the last accepted time step stops replays
    totpSecret: text('totp_secret'),
    totpPendingSecret: text('totp_pending_secret'),
    // a pending seed is offered for a limited time only (decision 027)
    totpPendingAt: timestamp('totp_pending_at', { withTimezone: true }),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    blocked: boolean('blocked').notNull().default(false),
    sitePolicyAccepted: boolean('site_policy_accepted').notNull().default(false),
    sitePolicyAcceptedAt: timestamp('site_policy_accepted_at', { withTimezone: true }),
    selectedTheme: text('selected_theme', { enum: ['light', 'dark', 'auto'] })
      .notNull()
      .default('auto'),
    selectedLang: text('selected_lang').notNull().default('auto'),
    // spec 3.6 UI preferences: only the keys a user changed; read back over DEFAULT_UI_PREFERENCES
    preferences: jsonb('preferences').$type<Record<string, unknown>>().notNull().default({}),
    // the key of the school administration software's export (identity import, the cim tab)
    externalId: text('external_id'),
    // set when an identity import no longer lists the user: blocked with it, lifted by a later import
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_school_lara_id').on(t.schoolId, t.laraId),
    uniqueIndex('users_school_username').on(t.schoolId, sql`lower(${t.username})`),
    uniqueIndex('users_school_external_id').on(t.schoolId, t.externalId),
  ],
);

export const groups = pgTable(
  'groups',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type', { enum: ['class', 'course', 'staff', 'other'] })
      .notNull()
      .default('class'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('groups_school_name').on(t.schoolId, t.name)],
);

export const groupMembers = pgTable(
  'group_members',
  {
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('group_members_user').on(t.userId)],
);

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

export const files = pgTable('files', {
  id: serial('id').primaryKey(),
  schoolId: integer('school_id')
    .notNull()
    .references(() => schools.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  data: bytea('data').notNull(),
  ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

// spec 3.1: every field of an app bubble
export const apps = pgTable(
  'apps',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    url: text('url'),
    iconName: text('icon_name').notNull().default('message-circle-question'),
    iconColor: text('icon_color'),
    iconFileId: integer('icon_file_id').references(() => files.id, { onDelete: 'set null' }),
    color: text('color').notNull(),
    public: boolean('public').notNull().default(false),
    target: text('target', { enum: ['iframe', 'link', 'newTab', 'download'] })
      .notNull()
      .default('newTab'),
    type: text('type'),
    appTypeId: integer('app_type_id'),
    config: text('config'),
    fileId: integer('file_id').references(() => files.id, { onDelete: 'set null' }),
    locked: boolean('locked').notNull().default(false),
    creatorId: integer('creator_id').references(() => users.id, { onDelete: 'set null' }),
    wantedPerms: text('wanted_perms', { enum: ['private', 'groups', 'everyone'] })
      .notNull()
      .default('everyone'),
    titleTranslation: jsonb('title_translation').$type<Record<string, string>>().notNull().default({}),
    // the last embed check of an iframe tile: true, false (the site refuses framing) or null (unknown)
    embeddable: boolean('embeddable'),
    embedCheckedAt: timestamp('embed_checked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('apps_school').on(t.schoolId)],
);

export const appGroups = pgTable(
  'app_groups',
  {
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.appId, t.groupId] })],
);

// spec 3.2: three categories, each with an updateId; personal layouts belong to one user
export const layouts = pgTable(
  'layouts',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    category: text('category', { enum: ['logged-in', 'logged-out', 'personal'] }).notNull(),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    updateId: integer('update_id').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('layouts_school_category_owner').on(t.schoolId, t.category, sql`coalesce(${t.ownerId}, 0)`),
  ],
);

export const layoutItems = pgTable(
  'layout_items',
  {
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    layoutId: integer('layout_id')
      .notNull()
      .references(() => layouts.id, { onDelete: 'cascade' }),
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    // when the tile was put on this layout: the `new` flag compares it (decision 023)
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.layoutId, t.appId] }), index('layout_items_app').on(t.appId)],
);

// Which tiles a user has opened, and when: clears their `new` flag (decision 023)
export const appOpens = pgTable(
  'app_opens',
  {
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.appId] }), index('app_opens_app').on(t.appId)],
);

export const config = pgTable(
  'config',
  {
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: text('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.key] })],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    action: text('action').notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    targetId: integer('target_id').references(() => users.id, { onDelete: 'set null' }),
    ip: text('ip'),
    requestId: text('request_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('audit_log_school_at').on(t.schoolId, t.at), index('audit_log_target').on(t.targetId)],
);

// Device statistics (spec 7.4 POST /api/statistics): one row per device and day, no user id (no per-pupil tracking).
export const deviceDays = pgTable(
  'device_days',
  {
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    day: text('day').notNull(),
    role: text('role').notNull(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.day, t.deviceId] })],
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
  },
  (t) => [
    index('login_failures_account_at').on(t.schoolId, t.accountKey, t.at),
    index('login_failures_ip_at').on(t.ip, t.at),
  ],
);

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

// Password reset codes (spec 7.1 /api/v2/account/reset-code): hashed, short-lived, single use.
export const resetCodes = pgTable(
  'reset_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('reset_codes_user').on(t.userId)],
);

// Every reset-code request, known address or not: the 429 limit counts these.
export const resetRequests = pgTable(
  'reset_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    accountKey: text('account_key').notNull(),
    ip: text('ip').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('reset_requests_account_at').on(t.schoolId, t.accountKey, t.at),
    index('reset_requests_ip_at').on(t.ip, t.at),
  ],
);

// Mails the portal sends; without SMTP configured they stay here for admins to read (DESIGN.md "Mail").
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_school_created').on(t.schoolId, t.createdAt)],
);

// Tile opens per tile and day, for the statistics tab: a count, never who opened it (no per-pupil tracking).
export const appOpenDays = pgTable(
  'app_open_days',
  {
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.appId, t.day] })],
);

// Per-key, per-language texts (spec 3.5): imprint, terms, the login message, help texts.
export const configTexts = pgTable(
  'config_texts',
  {
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    lang: text('lang').notNull(),
    text: text('text').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.key, t.lang] })],
);

// Admin messages (spec 3.6, 7.3): texts per language, for target groups (none: everyone), in a time window.
export const adminMessages = pgTable(
  'admin_messages',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['normal', 'warning', 'attention'] })
      .notNull()
      .default('normal'),
    title: jsonb('title').$type<Record<string, string>>().notNull().default({}),
    body: jsonb('body').$type<Record<string, string>>().notNull().default({}),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index('admin_messages_school').on(t.schoolId, t.startsAt)],
);

export const adminMessageGroups = pgTable(
  'admin_message_groups',
  {
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    messageId: integer('message_id')
      .notNull()
      .references(() => adminMessages.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.groupId] })],
);

export const adminMessageSeen = pgTable(
  'admin_message_seen',
  {
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    messageId: integer('message_id')
      .notNull()
      .references(() => adminMessages.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId] }), index('admin_message_seen_user').on(t.userId)],
);

// Unexpected server errors (500s) for the dashboard's debug tab: what failed where, never a request body.
export const errorLog = pgTable(
  'error_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    schoolId: integer('school_id').references(() => schools.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    requestId: text('request_id'),
    method: text('method').notNull(),
    route: text('route').notNull(),
    status: integer('status').notNull(),
    name: text('name').notNull(),
    message: text('message').notNull(),
  },
  (t) => [index('error_log_school_at').on(t.schoolId, t.at)],
);

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
