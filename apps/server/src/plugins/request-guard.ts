import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CSRF_HEADER, hasRole, type ErrorCode } from '@aula/contracts';
import { contextOf, featureOn, type ConfigReader, type ConfigSnapshot } from '../context.ts';
import { AppError } from '../lib/app-error.ts';
import { audit } from '../modules/audit/audit.service.ts';
import { authenticate } from '../modules/auth/session-check.service.ts';
import { createSessionSettings } from '../modules/auth/session-settings.ts';
import { configValues, readConfigSnapshot } from '../modules/config/config.service.ts';
import type { createSchoolResolver } from '../modules/schools/schools.service.ts';
import { DURING_FORCED_STEP, policyFor, policyKey, type RoutePolicy } from '../policy.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route with its policy row, for the policy test and the docs. */
    apiRoutes: { method: string; url: string; policy: RoutePolicy }[];
    /** reads a school's configuration snapshot; contextOf and jobContext read it at most once each (decision 085) */
    readConfig: ConfigReader;
  }
  interface FastifyRequest {
    /** the request's configuration snapshot once read (contextOf's `config`) */
    configMemo: { snapshot: Promise<ConfigSnapshot> | null } | null;
  }
}

/**
 * Cross-site requests cannot change anything (SECURITY.md): a state-changing request must carry the
 * custom header, which a cross-site form cannot send, and an Origin, when sent, must be our own.
 */
function checkCsrf(req: FastifyRequest, policy: RoutePolicy, allowedOrigins: Set<string>): void {
  if ((SAFE_METHODS.has(req.method) && !policy.csrfOnGet) || policy.csrfExempt) return;
  if (req.headers[CSRF_HEADER] !== '1') throw new AppError(403, 'common.csrf');
  const origin = req.headers.origin;
  if (origin === undefined) return;
  const own = `${req.protocol}://${req.host}`;
  if (origin !== own && !allowedOrigins.has(origin)) throw new AppError(403, 'common.csrf');
}

function checkPolicy(req: FastifyRequest, policy: RoutePolicy): void {
  if (policy.access === 'public') return;
  // a session-only route is open to any signed-in user: a live session is the whole check
  if (policy.sessionOnly && req.sessionId !== null) return;
  if (!req.user) throw AppError.unauthorized();
  if (!hasRole(req.user, policy.access)) throw AppError.forbidden();
}

/**
 * Impersonation is for looking (decision 081): a route that others would see as the user's own act is
 * refused to the impersonating superadmin, whatever the route's handler does, so no route can forget it.
 */
function checkImpersonation(req: FastifyRequest, policy: RoutePolicy): void {
  if (policy.whileImpersonating === 'refused' && req.session?.impersonatorId != null)
    throw new AppError(403, 'auth.not_while_impersonating');
}

/**
 * Whether a request's path, however it is spelled (percent-encoded, any case, doubled slashes, dot
 * segments, `;` parameters), names something under /api. Only for answers that no route matched (the
 * 404 and the SPA fallback) and headers: the guard itself decides on the matched route.
 */
export function looksLikeApi(rawUrl: string): boolean {
  let path = rawUrl.split('?')[0] ?? '';
  for (let i = 0; i < 4; i++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      break;
    }
    if (decoded === path) break;
    path = decoded;
  }
  path = path.toLowerCase().replace(/[\\/]+/g, '/');
  try {
    path = new URL(path, 'http://aula.invalid').pathname;
  } catch {
    // keep the path as it is
  }
  return path.startsWith('/api');
}

/** The API route a request matched, whatever the spelling of its URL; undefined for everything else. */
export function matchedApiRoute(req: FastifyRequest): string | undefined {
  const url = req.routeOptions.url;
  return url?.startsWith('/api') ? url : undefined;
}

/**
 * The step a signed-in user must take before anything else (spec 4.2, in the web app's order): the
 * terms, then a password someone else gave (always honoured), then two-factor for teachers and above.
 * Never while impersonating: the superadmin cannot take the other user's steps. The school's flags are
 * read fresh, and only for a user who could be held back by them (terms not accepted, or a teacher
 * without two-factor), so a changed setting holds at once on every instance and others pay nothing.
 */
export async function pendingStep(req: FastifyRequest): Promise<ErrorCode | null> {
  const user = req.user;
  if (!user || req.session?.impersonatorId != null) return null;
  const mayNeedTerms = !user.sitePolicyAccepted;
  const mayNeedTotp = hasRole(user, 'teacher') && !user.totpEnabled;
  if (!mayNeedTerms && !mayNeedTotp) return user.mustChangePassword ? 'auth.password_change_required' : null;
  const flags = await configValues(contextOf(req), ['force_accept_policy', 'force_2fa_teachers']);
  if (mayNeedTerms && flags.force_accept_policy === 'true') return 'auth.policy_required';
  if (user.mustChangePassword) return 'auth.password_change_required';
  if (mayNeedTotp && flags.force_2fa_teachers === 'true') return 'auth.totp_required';
  return null;
}

export function registerRequestGuard(
  app: FastifyInstance,
  opts: { resolveSchool: ReturnType<typeof createSchoolResolver>; allowedOrigins: string[] },
): void {
  const allowedOrigins = new Set(opts.allowedOrigins);
  app.decorateRequest('schoolId', 0);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('session', null);
  app.decorateRequest('configMemo', null);
  app.decorate('apiRoutes', []);
  app.decorate('readConfig', readConfigSnapshot);
  app.decorate('sessionSettings', createSessionSettings(app.db, app.clock));

  // A route of a feature answers 404 while the school has it switched off (decision 085): decided here, once,
  // where the services used to each ask; after the body is validated, as the services did. Only the routes of a
  // feature run it (decision 093): every other request pays no hook for it.
  const featureGate = async (req: FastifyRequest) => {
    const route = matchedApiRoute(req);
    const feature = route ? policyFor(req.method, route)?.feature : undefined;
    if (feature && !(await featureOn(contextOf(req), feature))) throw AppError.notFound();
  };

  // Every /api route needs a policy row; a route without one is a programming error caught at start-up.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    let feature = false;
    for (const method of methods) {
      const policy = policyFor(method, route.url);
      if (!policy) throw new Error(`route ${policyKey(method, route.url)} has no row in policy.ts`);
      app.apiRoutes.push({ method, url: route.url, policy });
      if (policy.feature) feature = true;
    }
    if (!feature) return;
    const own = route.preHandler === undefined ? [] : [route.preHandler].flat();
    // first, as the app-wide hook it was: before any preHandler of the route's own; once, also when the
    // HEAD route Fastify adds for a GET comes with the GET's options
    if (!own.includes(featureGate)) route.preHandler = [featureGate, ...own];
  });

  // SECURITY.md "Access": the guard decides on the route the router matched, never on how the URL is
  // spelled (the router decodes `/%61pi/…` to an API route too); a request that matched no route reaches
  // no handler and gets the 404. Every matched API route has a policy row (onRoute above): deny by default.
  // It refuses before any input is read; the fuzzer's bound on its coverage phase leans on that (decision 092).
  app.addHook('onRequest', async (req) => {
    const route = matchedApiRoute(req);
    if (!route) return;
    const routeKey = policyKey(req.method, route);
    const policy = policyFor(req.method, route);
    if (!policy) throw AppError.notFound();
    checkCsrf(req, policy, allowedOrigins);
    // health and the API docs reach no school's objects: they answer even without a school or a database
    if (policy.objects === 'none') return;
    req.schoolId = await opts.resolveSchool(req.headers.host);
    const token = req.cookies[app.cookieNames.access];
    const found = token
      ? await authenticate(
          {
            db: app.db,
            schoolId: req.schoolId,
            clock: app.clock,
            sessionSettings: app.sessionSettings,
            context: contextOf.bind(null, req),
          },
          token,
          routeKey,
          { sessionOnly: policy.sessionOnly },
        )
      : null;
    if (found) {
      req.user = found.user;
      req.session = found.session;
      req.sessionId = found.sessionId;
    }
    checkPolicy(req, policy);
    checkImpersonation(req, policy);
    if (req.user && !DURING_FORCED_STEP.has(routeKey)) {
      const step = await pendingStep(req);
      if (step) throw new AppError(403, step);
    }
  });

  // SECURITY.md "Impersonation": every write while impersonating is audited with both users, whatever
  // the route (the audit service adds the impersonator); failed writes changed nothing
  // the entry is written before the answer leaves (onSend), so whoever sees the answer finds the entry.
  // A callback hook: a request nobody impersonates (nearly all) passes without a promise (decision 093).
  app.addHook('onSend', (req, reply, payload, done) => {
    if (!req.session?.impersonatorId || SAFE_METHODS.has(req.method) || reply.statusCode >= 400)
      return done(null, payload);
    const route = policyKey(req.method, matchedApiRoute(req) ?? '');
    // a session-only route (the online ping) writes nothing of the user's: presence is not a write
    if (policyFor(req.method, matchedApiRoute(req) ?? '')?.sessionOnly) return done(null, payload);
    audit(contextOf(req), 'impersonation.write', { targetId: req.user?.id ?? null, details: { route } })
      .catch((err: unknown) => req.log.error({ err }, 'impersonation write not audited'))
      .finally(() => done(null, payload));
  });
}
