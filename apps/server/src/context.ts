// What a service is given instead of the HTTP request (STYLE.md: services take the signed-in user, the
// school, the database and the clock as arguments). A route builds it with `contextOf(req)`; a job or an
// event handler builds it with `jobContext(app, schoolId)`, so both call the same services.
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from './db/index.ts';
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

/** The context of an HTTP request, after the request guard has resolved the school and the session. */
export function contextOf(req: FastifyRequest): Ctx {
  return {
    ...appParts(req.server),
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
  return { ...appParts(app), schoolId, user: null, session: null, request: null, log: app.log };
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
