// The tables the users module owns: only its repos write them (docs/ARCHITECTURE.md "Tables and their owners").
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/common-columns.ts';
import { schools } from '../schools/schools.schema.ts';

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
