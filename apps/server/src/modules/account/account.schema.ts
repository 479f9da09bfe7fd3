// The tables the account module owns: only its repos write them (docs/ARCHITECTURE.md "Tables and their owners").
import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/common-columns.ts';
import { schools } from '../schools/schools.schema.ts';
import { users } from '../users/users.schema.ts';

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
