import { z } from './zod.ts';
import { DaySchema, PageSchema, perPageSchema, text } from './text.ts';

// spec 2.3 dashboard tabs status, statistics, debug and logs; 7.4 GET /api/errors, /logs, /logs/full, /statistics

/**
 * Every action the audit log records, the one list: the server's audit() takes only these and each is claimed by
 * one server module's manifest (decision 090); the logs tab filters and names them.
 */
export const AUDIT_ACTIONS = [
  'login.success',
  'login.failed',
  'login.blocked',
  'logout',
  'session.refresh_reuse',
  'session.idle_timeout',
  'login.locked',
  'login.throttled',
  'login.totp_failed',
  'login.reauth',
  'password.change',
  'password.reset_requested',
  'password.reset',
  'password.reset_failed',
  'email.change',
  'totp.enable',
  'totp.disable',
  'totp.reset',
  'user.block',
  'user.unblock',
  'user.unlock',
  'site_policy.accept',
  'impersonation.start',
  'impersonation.stop',
  'impersonation.expired',
  'impersonation.write',
  'data.export',
  'app.create',
  'app.update',
  'app.delete',
  'layout.save',
  'config.change',
  'config.text',
  'user.create',
  'user.update',
  'user.password_set',
  'group.create',
  'role_groups.change',
  'cim.import',
  'message.create',
  'message.update',
  'message.delete',
  'branding.change',
  'login.sso_failed',
  'sso.link',
  'sso.logout',
  'sso.logout_failed',
  'sick.report',
  'sick.list',
  'sick.read',
  'sick.student_read',
  'sick.photo_read',
  'sick.process',
  'sick.unprocess',
  'sick.retention_delete',
  'camera.upload',
  'camera.delete',
  'bbb.room_create',
  'bbb.room_update',
  'bbb.room_delete',
  'bbb.moderator_change',
  'bbb.code_revoke',
  'bbb.guest_join',
  'chat.room_create',
  'chat.room_update',
  'chat.room_delete',
  'chat.members_change',
  'chat.moderator_change',
  'chat.message_delete',
  'chat.report',
  'chat.report_dismiss',
  'chat.retention_delete',
] as const;
export type AuditActionName = (typeof AUDIT_ACTIONS)[number];

export const STATISTICS_PERIODS = [7, 30, 90] as const;
export const MAX_STATISTICS_DAYS = 366;
export const MAX_LOG_ROWS_PER_PAGE = 100;
/** GET /api/logs/full stops here; the file says so in its last line (decision: capped audit export) */
export const MAX_LOG_EXPORT_ROWS = 50_000;
/** error_log keeps about this many rows per school; older ones go on insert */
export const MAX_ERROR_LOG_ROWS = 1_000;

/** a day in an answer */
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** GET /api/status: what an admin needs to see whether the portal and the systems it uses work; no secrets. */
export const IntegrationStateSchema = z.enum(['configured', 'not_configured']);
export type IntegrationState = z.infer<typeof IntegrationStateSchema>;
export const INTEGRATIONS = ['video', 'oidc', 'saml', 'push'] as const;

export const ServerStatusSchema = z.object({
  api: z.literal('up'),
  db: z.enum(['up', 'down']),
  dbLatencyMs: z.number().nullable(),
  version: z.string(),
  uptimeSeconds: z.number().int(),
  startedAt: z.string(),
  mail: z.enum(['smtp', 'outbox']),
  integrations: z.record(z.enum(INTEGRATIONS), IntegrationStateSchema),
});
export type ServerStatus = z.infer<typeof ServerStatusSchema>;

/** GET /api/statistics?days=30: school-wide counts only, never a person (no per-pupil tracking). */
export const StatisticsRequestSchema = z.strictObject({
  days: z.coerce.number().int().min(1).max(MAX_STATISTICS_DAYS).default(30),
});
export type StatisticsRequest = z.infer<typeof StatisticsRequestSchema>;

export const StatisticsDaySchema = z.object({
  day: Day,
  signIns: z.number().int(),
  activeUsers: z.number().int(),
});
export type StatisticsDay = z.infer<typeof StatisticsDaySchema>;

export const TileOpensSchema = z.object({
  appId: z.number().int(),
  title: z.string(),
  count: z.number().int(),
});
export type TileOpens = z.infer<typeof TileOpensSchema>;

export const StatisticsSchema = z.object({
  from: Day,
  to: Day,
  days: z.array(StatisticsDaySchema),
  activeUsers: z.object({ day1: z.number().int(), day7: z.number().int(), day30: z.number().int() }),
  devices: z.number().int(),
  tileOpens: z.array(TileOpensSchema),
  totals: z.object({
    signIns: z.number().int(),
    tileOpens: z.number().int(),
    /** accounts of the school that may sign in (not blocked, not deactivated) */
    users: z.number().int(),
  }),
});
export type Statistics = z.infer<typeof StatisticsSchema>;

/** GET /api/logs and /api/logs/full: the audit log, newest first; dates are whole days (UTC). */
export const LogsQuerySchema = z.strictObject({
  page: PageSchema,
  perPage: perPageSchema(MAX_LOG_ROWS_PER_PAGE, 25),
  action: text()
    .trim()
    .max(64)
    .regex(/^[a-z_.]*$/)
    .optional(),
  /** part of the acting user's username, first or last name */
  actor: text().trim().max(100).optional(),
  from: DaySchema.optional(),
  to: DaySchema.optional(),
});
export type LogsQuery = z.infer<typeof LogsQuerySchema>;
export const LogsExportQuerySchema = LogsQuerySchema.omit({ page: true, perPage: true });
export type LogsExportQuery = z.infer<typeof LogsExportQuerySchema>;

const LogPersonSchema = z.object({ id: z.number().int(), username: z.string(), name: z.string() }).nullable();

export const LogEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.string(),
  actor: LogPersonSchema,
  target: LogPersonSchema,
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type LogEntry = z.infer<typeof LogEntrySchema>;

export const LogPageSchema = z.object({
  items: z.array(LogEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
});
export type LogPage = z.infer<typeof LogPageSchema>;

/** GET /api/errors: recent unexpected server errors (500s): where and what class, never a body or SQL. */
export const ErrorsQuerySchema = z.strictObject({
  page: PageSchema,
  perPage: perPageSchema(100, 20),
});
export type ErrorsQuery = z.infer<typeof ErrorsQuerySchema>;

export const ErrorEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  requestId: z.string().nullable(),
  method: z.string(),
  route: z.string(),
  status: z.number().int(),
  name: z.string(),
  message: z.string(),
});
export type ErrorEntry = z.infer<typeof ErrorEntrySchema>;

export const ErrorPageSchema = z.object({
  items: z.array(ErrorEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
});
export type ErrorPage = z.infer<typeof ErrorPageSchema>;
