// What a service is given instead of the HTTP request (STYLE.md: services take the signed-in user, the
// school, the database and the clock as arguments). A route builds it with `contextOf(req)`; a job or an
// event handler builds it with `jobContext(app, schoolId)`, so both call the same services.
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { ErrorCode, FeatureName } from '@aula/contracts';
import type { Db } from './db/index.ts';
import { AppError } from './lib/app-error.ts';
import type { Clock } from './lib/clock.ts';
import type { ActiveSession, SessionUser } from './core/session-types.ts';
import type { MailOptions, Presence } from './core/app-services.ts';

/** Where a call came from: the request's address, id, browser and origin. A job has none. */
export interface CallOrigin {
  ip: string;
  requestId: string;
  userAgent: string | null;
  /** scheme and host the request came to, e.g. `https://aula.example.org` */
  origin: string;
}

/**
 * The school's configuration as one request or job sees it (decision 085): every stored key, read at most once,
 * on first use. The module that owns a key knows its default (config.service.ts `configValues`).
 */
export interface ConfigSnapshot {
  /** the school's stored value of a key; undefined when the school has not set it */
  stored(key: string): string | undefined;
  /** the features the school has switched on (enabled_features) */
  features: readonly FeatureName[];
}

/** Reads a school's configuration snapshot (the config module's `readConfigSnapshot`, given by the app). */
export type ConfigReader = (db: Db, schoolId: number) => Promise<ConfigSnapshot>;

export interface Ctx {
  db: Db;
  clock: Clock;
  schoolId: number;
  /** the signed-in user (the impersonated one while impersonating), or null */
  user: SessionUser | null;
  /** the session behind `user`: impersonation, last password proof, absolute end */
  session: ActiveSession | null;
  request: CallOrigin | null;
  log: FastifyBaseLogger;
  /** 32 bytes: encrypts TOTP seeds and SSO secrets at rest (lib/secret-box.ts) */
  secretKey: Buffer;
  /** the origin of the configured public URL (AULA_PUBLIC_URL), or null: then the request's own */
  publicOrigin: string | null;
  /** the school's session settings (spec 3.5), cached */
  sessionSettings: FastifyInstance['sessionSettings'];
  mailOptions: MailOptions;
  presence: Presence;
  /**
   * The school's configuration, read on first use and then kept for the rest of the request or job (decision
   * 085). `db`: the transaction to read it in when it has not been read yet (PGlite has one connection).
   */
  config: (db?: Db) => Promise<ConfigSnapshot>;
}

function appParts(app: FastifyInstance) {
  return {
    db: app.db,
    clock: app.clock,
    secretKey: app.secretKey,
    publicOrigin: app.publicOrigin,
    sessionSettings: app.sessionSettings,
    mailOptions: app.mailOptions,
    presence: app.presence,
  };
}

/** One read per request or job: the first call reads (in its `db`), every later one gets the same answer. */
function configOnce(
  read: ConfigReader,
  db: Db,
  schoolId: number,
  memo: { snapshot: Promise<ConfigSnapshot> | null },
) {
  return (tx?: Db) => (memo.snapshot ??= read(tx ?? db, schoolId));
}

/** The context of an HTTP request, after the request guard has resolved the school and the session. */
export function contextOf(req: FastifyRequest): Ctx {
  return {
    ...appParts(req.server),
    // kept on the request, so every context built for it shares the one read
    config: configOnce(
      req.server.readConfig,
      req.server.db,
      req.schoolId,
      (req.configMemo ??= { snapshot: null }),
    ),
    schoolId: req.schoolId,
    user: req.user,
    session: req.session,
    log: req.log,
    request: {
      ip: req.ip,
      requestId: req.id,
      userAgent: req.headers['user-agent'] ?? null,
      origin: `${req.protocol}://${req.host}`,
    },
  };
}

/** The context of work nobody requested just now (a job, an event handler): no user, no request. */
export function jobContext(app: FastifyInstance, schoolId: number): Ctx {
  return {
    ...appParts(app),
    config: configOnce(app.readConfig, app.db, schoolId, { snapshot: null }),
    schoolId,
    user: null,
    session: null,
    request: null,
    log: app.log,
  };
}

/**
 * The signed-in caller of a route (decision 085), the one gate a service writes: 401 for a visitor. The request
 * guard has already decided the route's role, its feature (404 while off) and impersonation (policy.ts); a
 * module that answers impersonation with its own code names it in `notWhileImpersonating`.
 */
export function requireCaller(ctx: Ctx, opts: { notWhileImpersonating?: ErrorCode } = {}): SessionUser {
  if (!ctx.user) throw AppError.unauthorized();
  if (opts.notWhileImpersonating && ctx.session?.impersonatorId)
    throw new AppError(403, opts.notWhileImpersonating);
  return ctx.user;
}

/** Whether the school has a feature switched on, from the request's (or job's) configuration snapshot. */
export async function featureOn(ctx: Pick<Ctx, 'config'>, feature: FeatureName, db?: Db): Promise<boolean> {
  return (await ctx.config(db)).features.includes(feature);
}

/** The portal's own origin for links it hands out: the configured public URL, else the request's. */
export function portalOrigin(ctx: Ctx): string {
  const origin = ctx.publicOrigin ?? ctx.request?.origin;
  if (!origin) throw new Error('no public URL configured and no request to take the origin from');
  return origin;
}

/** The caller's address, for limits per address (sign-in, reset codes): only a request has one. */
export function callerIp(ctx: Ctx): string {
  if (!ctx.request) throw new Error('a limit per address needs a request');
  return ctx.request.ip;
}
