import { readFileSync } from 'node:fs';
import {
  INTEGRATIONS,
  MAX_ERROR_LOG_ROWS,
  MAX_LOG_EXPORT_ROWS,
  type ErrorPage,
  type ErrorsQuery,
  type IntegrationState,
  type LogEntry,
  type LogPage,
  type LogsExportQuery,
  type LogsQuery,
  type ServerStatus,
  type Statistics,
  type StatisticsRequest,
} from '@aula/contracts';
import type { Ctx } from '../../context.ts';
import { isDbUnavailable, transaction } from '../../db/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { diagnosticsContributors } from '../../lib/contributors.ts';
import { audit } from '../audit/audit.service.ts';
import {
  countActiveUsersPerDay,
  countActiveUsersSince,
  countDevices,
  countErrors,
  countLogs,
  countSignInsPerDay,
  countTileOpens,
  countUsersAllowedIn,
  findErrorPage,
  findLogPage,
  insertErrorLog,
  type LogFilter,
  type LogRow,
  type Period,
} from './diagnostics.repo.ts';
import { pingDb } from './status.repo.ts';

const DAY_MS = 86_400_000;
const MAX_TILES_SHOWN = 100;

const VERSION: string = (() => {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
      version?: string;
    };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
})();

// uptime is the process's, so it is real time, never the injected clock
const startedAt = new Date();

/** GET /api/status: the portal, its database and which outside systems are set up; never a secret. */
export async function serverStatus(ctx: Ctx): Promise<ServerStatus> {
  const app = ctx;
  const began = performance.now();
  let db: ServerStatus['db'] = 'up';
  let dbLatencyMs: number | null = null;
  try {
    await pingDb(app.db);
    dbLatencyMs = Math.round((performance.now() - began) * 10) / 10;
  } catch {
    db = 'down';
  }
  // each area says whether its outside system is set up (lib/contributors.ts): the identity providers (sso), the
  // BigBlueButton server (bbb), push; one with no part registered is not configured
  const configured = new Set<string>();
  if (db === 'up') {
    for (const part of diagnosticsContributors())
      if (await part.configured(ctx)) configured.add(part.integration);
  }
  const integrations = Object.fromEntries(
    INTEGRATIONS.map((name): [string, IntegrationState] => [
      name,
      configured.has(name) ? 'configured' : 'not_configured',
    ]),
  ) as ServerStatus['integrations'];
  return {
    api: 'up',
    db,
    dbLatencyMs,
    version: VERSION,
    uptimeSeconds: Math.floor((Date.now() - startedAt.getTime()) / 1000),
    startedAt: startedAt.toISOString(),
    mail: app.mailOptions.smtpUrl ? 'smtp' : 'outbox',
    integrations,
  };
}

const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const startOfDay = (d: Date) => new Date(`${dayOf(d)}T00:00:00.000Z`);

/** The last `days` whole UTC days up to and including today (the day device counts use too). */
function periodEnding(now: Date, days: number): Period {
  const end = new Date(startOfDay(now).getTime() + DAY_MS);
  const start = new Date(end.getTime() - days * DAY_MS);
  return { start, end, fromDay: dayOf(start), toDay: dayOf(new Date(end.getTime() - DAY_MS)) };
}

/**
 * GET /api/statistics: school-wide counts only (no per-pupil tracking). Small counts are shown as they
 * are: the numbers concern the whole school and name nobody (decision: statistics without thresholds).
 */
export async function statistics(ctx: Ctx, query: StatisticsRequest): Promise<Statistics> {
  const db = ctx.db;
  const now = ctx.clock();
  const p = periodEnding(now, query.days);
  const [signIns, active, recent, devices, tiles, users] = await Promise.all([
    countSignInsPerDay(db, ctx.schoolId, p),
    countActiveUsersPerDay(db, ctx.schoolId, p),
    countActiveUsersSince(
      db,
      ctx.schoolId,
      [1, 7, 30].map((n) => new Date(now.getTime() - n * DAY_MS)),
    ),
    countDevices(db, ctx.schoolId, p),
    countTileOpens(db, ctx.schoolId, p, MAX_TILES_SHOWN),
    countUsersAllowedIn(db, ctx.schoolId),
  ]);
  const signInsOf = new Map(signIns.map((r) => [r.day, r.n]));
  const activeOf = new Map(active.map((r) => [r.day, Number(r.n)]));
  const days = Array.from({ length: query.days }, (_, i) => {
    const day = dayOf(new Date(p.start.getTime() + i * DAY_MS));
    return { day, signIns: signInsOf.get(day) ?? 0, activeUsers: activeOf.get(day) ?? 0 };
  });
  return {
    from: p.fromDay,
    to: p.toDay,
    days,
    activeUsers: { day1: recent[0] ?? 0, day7: recent[1] ?? 0, day30: recent[2] ?? 0 },
    devices,
    tileOpens: tiles,
    totals: {
      signIns: days.reduce((sum, d) => sum + d.signIns, 0),
      tileOpens: tiles.reduce((sum, t) => sum + t.count, 0),
      users,
    },
  };
}

function logFilter(query: LogsExportQuery): LogFilter {
  if (query.from && query.to && query.from > query.to)
    throw new AppError(400, 'common.validation', { from: query.from, to: query.to });
  return {
    action: query.action || undefined,
    actor: query.actor || undefined,
    start: query.from ? new Date(`${query.from}T00:00:00.000Z`) : undefined,
    end: query.to ? new Date(new Date(`${query.to}T00:00:00.000Z`).getTime() + DAY_MS) : undefined,
  };
}

const person = (id: number | null, username: string | null, first: string | null, last: string | null) =>
  id === null ? null : { id, username: username ?? '', name: `${first ?? ''} ${last ?? ''}`.trim() };

function logEntry(row: LogRow): LogEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    action: row.action,
    actor: person(row.actorId, row.actorUsername, row.actorFirstName, row.actorLastName),
    target: person(row.targetId, row.targetUsername, row.targetFirstName, row.targetLastName),
    ip: row.ip,
    details: row.details,
  };
}

/** GET /api/logs: the school's audit log, newest first, filtered and paged. */
export async function listLogs(ctx: Ctx, query: LogsQuery): Promise<LogPage> {
  const filter = logFilter(query);
  const [rows, total] = await Promise.all([
    findLogPage(ctx.db, ctx.schoolId, filter, query.perPage, (query.page - 1) * query.perPage),
    countLogs(ctx.db, ctx.schoolId, filter),
  ]);
  return { items: rows.map(logEntry), total, page: query.page, perPage: query.perPage };
}

const CSV_COLUMNS = [
  'id',
  'at',
  'action',
  'actor',
  'actor_name',
  'target',
  'target_name',
  'ip',
  'request_id',
  'details',
];

/** One CSV cell (RFC 4180); a cell a spreadsheet would run as a formula gets a leading apostrophe (OWASP). */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** GET /api/logs/full: the filtered audit log as a CSV file, at most MAX_LOG_EXPORT_ROWS rows; audited. */
export async function exportLogs(
  ctx: Ctx,
  query: LogsExportQuery,
): Promise<{ filename: string; csv: string }> {
  const filter = logFilter(query);
  const rows = await findLogPage(ctx.db, ctx.schoolId, filter, MAX_LOG_EXPORT_ROWS + 1, 0);
  const lines = [CSV_COLUMNS.join(',')];
  for (const row of rows.slice(0, MAX_LOG_EXPORT_ROWS)) {
    const e = logEntry(row);
    lines.push(
      [
        e.id,
        e.at,
        e.action,
        e.actor?.username ?? null,
        e.actor?.name ?? null,
        e.target?.username ?? null,
        e.target?.name ?? null,
        e.ip,
        row.requestId,
        Object.keys(e.details).length ? JSON.stringify(e.details) : null,
      ]
        .map(csvCell)
        .join(','),
    );
  }
  const truncated = rows.length > MAX_LOG_EXPORT_ROWS;
  if (truncated) lines.push(csvCell(`# truncated after ${MAX_LOG_EXPORT_ROWS} rows`));
  // SECURITY.md "Privacy": exports are audited
  await audit(ctx, 'data.export', {
    details: { export: 'audit_log', rows: Math.min(rows.length, MAX_LOG_EXPORT_ROWS), truncated },
  });
  return {
    filename: `aula-audit-log-${dayOf(ctx.clock())}.csv`,
    // a byte order mark so spreadsheet programs read the file as UTF-8
    csv: `\uFEFF${lines.join('\r\n')}\r\n`,
  };
}

/** GET /api/errors: the school's recent unexpected errors, newest first. */
export async function listErrors(ctx: Ctx, query: ErrorsQuery): Promise<ErrorPage> {
  const [rows, total] = await Promise.all([
    findErrorPage(ctx.db, ctx.schoolId, query.perPage, (query.page - 1) * query.perPage),
    countErrors(ctx.db, ctx.schoolId),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      requestId: r.requestId,
      method: r.method,
      route: r.route,
      status: r.status,
      name: r.name,
      message: r.message,
    })),
    total,
    page: query.page,
    perPage: query.perPage,
  };
}

/** The error's class and its code (SQLSTATE, Node's ERR_*), never its message: that may hold SQL or input. */
function describe(err: unknown): { name: string; message: string } {
  let name = 'Error';
  if (err instanceof Error) name = err.constructor.name || err.name || 'Error';
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code } = e as { code?: unknown };
    if (typeof code === 'string' && /^[A-Z0-9_]{2,40}$/.test(code)) return { name, message: code };
  }
  return { name, message: '' };
}

/**
 * Records a 500 for the debug tab, after the answer and never failing it: a database that is down or
 * an insert that fails only costs the row (the log line with the request id stays). `where` names the
 * route by its pattern, never the raw URL with ids or a query string.
 */
export function recordServerError(
  ctx: Ctx,
  err: unknown,
  status: number,
  where: { method: string; route: string },
): void {
  if (isDbUnavailable(err)) return;
  const { name, message } = describe(err);
  const entry = {
    schoolId: ctx.schoolId > 0 ? ctx.schoolId : null,
    requestId: ctx.request?.requestId,
    method: where.method,
    route: where.route,
    status,
    name: name.slice(0, 100),
    message,
  };
  // one transaction: nobody reading the log sees the new entry before the oldest one went
  void transaction(ctx.db, (tx) => insertErrorLog(tx, entry, MAX_ERROR_LOG_ROWS)).catch((e: unknown) =>
    ctx.log.warn({ err: e }, 'could not record the error'),
  );
}
