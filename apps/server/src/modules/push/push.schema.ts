// The tables the push module owns: only its repos write them (docs/ARCHITECTURE.md "Tables and their owners").
// Decision 073: standard Web Push with VAPID; a queue in PostgreSQL so that several server processes share the
// sending and nothing is lost on a restart.
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { PushKind, PushPayload, QuietHours } from '@aula/contracts';
import { createdAt } from '../../db/common-columns.ts';
import { sessions } from '../auth/auth.schema.ts';
import { schools } from '../schools/schools.schema.ts';
import { users } from '../users/users.schema.ts';

// The school's VAPID key pair (generated on first start, or imported) and the contact address of the token's
// `sub`. The private key is sealed with the server secret (lib/secret-box.ts), like the other secrets.
export const pushKeys = pgTable('push_keys', {
  schoolId: integer('school_id')
    .primaryKey()
    .references(() => schools.id, { onDelete: 'cascade' }),
  publicKey: text('public_key').notNull(),
  privateKeySealed: text('private_key_sealed').notNull(),
  contact: text('contact').notNull(),
  createdAt: createdAt(),
});

// One browser's subscription (spec 3.3 "push token"), bound to the session that made it: it ends with that
// session (sign-out, expiry, block, password reset), so a shared device stops getting the user's pushes.
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: bigint('session_id', { mode: 'number' }).references(() => sessions.id, {
      onDelete: 'cascade',
    }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    /** pushes the push service refused ('failed') in a row; the subscription goes at PUSH_MAX_FAILURES */
    failures: integer('failures').notNull().default(0),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint').on(t.endpoint),
    index('push_subscriptions_user').on(t.userId),
  ],
);

// What the user wants: the kinds switched off, and their own quiet hours (added to the school's for pupils).
export const pushSettings = pgTable('push_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  schoolId: integer('school_id')
    .notNull()
    .references(() => schools.id, { onDelete: 'cascade' }),
  off: text('off').array().$type<PushKind[]>().notNull().default([]),
  quiet: jsonb('quiet').$type<QuietHours | null>(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// The queue: one row per push and device. `not_before` holds a push back (quiet hours, an admin message that
// starts later); `next_attempt_at` is the retry time after 429/5xx; `locked_until` is a worker's lease, so a
// process that dies mid-send leaves the row to another after the lease. `ref_type`/`ref_id` name what the push
// is about, so that it can be dropped when no longer relevant (the chat message was read) and collapsed per
// `tag` (one waiting push per room and device).
export const pushQueue = pgTable(
  'push_queue',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    subscriptionId: bigint('subscription_id', { mode: 'number' })
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    refType: text('ref_type'),
    refId: bigint('ref_id', { mode: 'number' }),
    tag: text('tag').notNull(),
    payload: jsonb('payload').$type<PushPayload>().notNull(),
    notBefore: timestamp('not_before', { withTimezone: true }).notNull(),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('push_queue_due').on(t.nextAttemptAt),
    index('push_queue_subscription_tag').on(t.subscriptionId, t.tag),
  ],
);

// What happened to each push, for the dashboard's figures (sent and failed in the last 24 hours, the last
// failure); kept PUSH_LOG_DAYS, without payloads.
export const pushLog = pgTable(
  'push_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** 'sent' | 'gone' (404/410, subscription deleted) | 'failed' (gave up) | 'dropped' (no longer relevant) */
    outcome: text('outcome').notNull(),
    status: integer('status').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('push_log_school_at').on(t.schoolId, t.at)],
);
