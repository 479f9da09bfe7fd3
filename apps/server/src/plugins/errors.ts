import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ERROR_MESSAGES, ErrorBodySchema, type ErrorBody, type ErrorCode } from '@aula/contracts';
import { contextOf } from '../context.ts';
import { isDbUnavailable } from '../db/index.ts';
import { AppError, SessionEndedError } from '../lib/app-error.ts';
import { clearSessionCookies } from '../modules/auth/session-cookies.ts';
import { recordServerError } from '../modules/status/diagnostics.service.ts';

export const RETRY_AFTER_SECONDS = 5;

const SQLSTATE = /^[0-9A-Z]{5}$/;
/** What a PostgreSQL error may keep in a log: names and codes, never values (its `detail` and `where` hold row values). */
const DB_ERROR_FIELDS = [
  'severity',
  'code',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'routine',
] as const;

interface LoggedError {
  type: string;
  message: string;
  stack: string;
  sql?: string;
  cause?: LoggedError;
  [field: string]: unknown;
}

/** Stack frames only: the first line of a stack repeats the message, which may hold values. */
function framesOf(err: Error): string {
  return (err.stack ?? '')
    .split('\n')
    .filter((l) => /^\s+at /.test(l))
    .join('\n');
}

/**
 * The pino `err` serializer of every logger the app uses (SECURITY.md "Privacy": no secret ever reaches a
 * log). A failed query keeps its SQL text (placeholders, no values), SQLSTATE, constraint and table; its
 * parameters, PostgreSQL's `detail` and `where` (the failing row), and quoted values in its message go.
 */
export function serializeError(err: unknown, depth = 0): LoggedError {
  if (!(err instanceof Error) && (typeof err !== 'object' || err === null))
    return { type: typeof err, message: String(err).slice(0, 200), stack: '' };
  const e = err as Error & Record<string, unknown>;
  const type =
    (e.constructor?.name && e.constructor.name !== 'Object' ? e.constructor.name : e.name) ?? 'Error';
  const cause = depth < 4 && e.cause !== undefined ? serializeError(e.cause, depth + 1) : undefined;
  const sql = typeof e.query === 'string' ? { sql: e.query } : {};
  if (typeof e.code === 'string' && SQLSTATE.test(e.code)) {
    const fields = Object.fromEntries(
      DB_ERROR_FIELDS.filter((f) => typeof e[f] === 'string').map((f) => [f, e[f]]),
    );
    // e.g. invalid input syntax for type integer: "<value>"; the names of the constraint or table stay
    const names = new Set(Object.values(fields));
    const message = String(e.message ?? '').replace(/"([^"]*)"/g, (all, inner: string) =>
      names.has(inner) ? all : '"…"',
    );
    return { type, message, ...fields, ...sql, stack: framesOf(e), ...(cause ? { cause } : {}) };
  }
  // drizzle's DrizzleQueryError: "Failed query: <sql>\nparams: <values>"
  if ('params' in e || typeof e.query === 'string')
    return { type, message: 'Failed query', ...sql, stack: framesOf(e), ...(cause ? { cause } : {}) };
  const logged: LoggedError = { type, message: String(e.message ?? ''), stack: framesOf(e) };
  for (const key of ['code', 'statusCode', 'errno', 'syscall'] as const)
    if (typeof e[key] === 'string' || typeof e[key] === 'number') logged[key] = e[key];
  if (cause) logged.cause = cause;
  return logged;
}

/** A path parameter that is a plain number (a user's, room's or message's id) is no secret; anything else may be. */
const PLAIN_ID = /^\d{1,12}$/;

/**
 * The path a log line shows (decision 080): the pattern of the route the request matched, with the ids that
 * are plain numbers filled in and every other parameter left as its name (`/api/bbb/:id` for a room's code,
 * which admits guests; `/api/bbb/12` for its number). A request no route matched (a page of the web app such
 * as the room page `/b/{code}`, or a 404) shows its first segment only (`/api` and the next under /api).
 * Never the query string: an identity provider's code or state, a SAML message, a search for a pupil's name.
 */
export function loggedPath(req: {
  url?: string;
  routeOptions?: { url?: string };
  params?: unknown;
}): string | undefined {
  const pattern = req.routeOptions?.url;
  if (pattern) {
    const params = (req.params ?? {}) as Record<string, unknown>;
    return pattern.replace(/:(\w+)(\([^)]*\))?/g, (all, name: string) => {
      const value = params[name];
      return typeof value === 'string' && PLAIN_ID.test(value) ? value : `:${name}`;
    });
  }
  if (req.url === undefined) return undefined;
  const segments = req.url.split('?')[0]!.split('/').slice(1);
  const kept = segments.slice(0, segments[0] === 'api' ? 2 : 1);
  return `/${kept.join('/')}${segments.length > kept.length ? '/…' : ''}`;
}

/**
 * The request as every log line shows it: method and the path of `loggedPath` (no code, token or query
 * string), never headers or body.
 */
export function serializeRequest(req: {
  method?: string;
  url?: string;
  routeOptions?: { url?: string };
  params?: unknown;
  hostname?: string;
  ip?: string;
}): Record<string, string | undefined> {
  return { method: req.method, url: loggedPath(req), host: req.hostname, remoteAddress: req.ip };
}

/** A multipart body the parser cannot read (no boundary, cut off, a broken part header): the client's fault. */
function isMalformedMultipart(err: Error): boolean {
  return /^(Multipart: |Unexpected end of (form|multipart data)|Malformed part header)/.test(err.message);
}

function body(code: ErrorCode, extra: Partial<ErrorBody> = {}): ErrorBody {
  return { code, message: ERROR_MESSAGES[code], ...extra };
}

/**
 * The error answers any /api route may give, declared on every route in one place (the OpenAPI document
 * names them, and the serializer holds them to ErrorBody): bad input, no or ended session, the policy or
 * CSRF refusal, not found, conflicts, size and type limits, business rules, sign-in locks and rate
 * limits, and the database being away.
 */
export const STANDARD_ERROR_STATUSES = [400, 401, 403, 404, 409, 413, 415, 418, 422, 423, 429, 503] as const;

/** One error handler: AppError as is, zod failures as 400 with issues, the rest as 500 without internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url?.startsWith('/api/') || !route.schema || route.schema.hide) return;
    const response: Record<string, unknown> = { ...((route.schema.response as object | undefined) ?? {}) };
    for (const status of STANDARD_ERROR_STATUSES) response[status] ??= ErrorBodySchema;
    route.schema = { ...route.schema, response };
  });
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      // the session is over: its cookies go with the answer, so every open tab signs out
      if (err instanceof SessionEndedError) clearSessionCookies(reply);
      return reply.code(err.status).send(
        body(err.code, {
          ...(err.params ? { params: err.params } : {}),
          ...(err.issues ? { issues: err.issues } : {}),
          ...err.extra,
        }),
      );
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({
        path: [err.validationContext ?? 'body', ...v.instancePath.split('/').filter(Boolean)].join('.'),
        code: v.keyword,
        message: v.message ?? 'invalid',
      }));
      return reply.code(400).send(body('common.validation', { issues }));
    }
    if (isMalformedMultipart(err)) {
      return reply
        .code(400)
        .send(
          body('common.validation', { issues: [{ path: 'body', code: 'multipart', message: err.message }] }),
        );
    }
    if (isDbUnavailable(err)) {
      req.log.warn({ err }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send(body('common.unavailable'));
    }
    if (!isResponseSerializationError(err) && err.statusCode && err.statusCode < 500) {
      const code: ErrorCode =
        err.statusCode === 413
          ? 'common.payload_too_large'
          : err.statusCode === 415
            ? 'common.unsupported_media_type'
            : err.statusCode === 404
              ? 'common.not_found'
              : 'common.validation';
      const issues =
        code === 'common.validation' ? [{ path: 'body', code: err.code, message: err.message }] : undefined;
      return reply.code(err.statusCode).send(body(code, issues ? { issues } : {}));
    }
    req.log.error({ err }, 'unexpected error');
    // for the dashboard's debug tab; it never throws and does not hold up the answer
    recordServerError(contextOf(req), err, 500, {
      method: req.method,
      route: req.routeOptions.url ?? '(no route)',
    });
    return reply.code(500).send(body('common.internal'));
  });
}
