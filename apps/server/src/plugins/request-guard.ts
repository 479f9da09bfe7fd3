import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CSRF_HEADER, hasRole } from '@aula/contracts';
import { AppError } from '../lib/app-error.ts';
import { audit } from '../modules/audit/audit.service.ts';
import { authenticate } from '../modules/auth/auth.service.ts';
import { createSessionSettings } from '../modules/auth/session-settings.ts';
import type { createSchoolResolver } from '../modules/schools/schools.service.ts';
import { policyFor, policyKey, type RoutePolicy } from '../policy.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route with its policy row, for the policy test and the docs. */
    apiRoutes: { method: string; url: string; policy: RoutePolicy }[];
  }
}

/**
 * Cross-site requests cannot change anything (SECURITY.md): a state-changing request must carry the
 * custom header, which a cross-site form cannot send, and an Origin, when sent, must be our own.
 */
function checkCsrf(req: FastifyRequest, policy: RoutePolicy | undefined, allowedOrigins: Set<string>): void {
  if (SAFE_METHODS.has(req.method) || policy?.csrfExempt) return;
  if (req.headers[CSRF_HEADER] !== '1') throw new AppError(403, 'common.csrf');
  const origin = req.headers.origin;
  if (origin === undefined) return;
  const own = `${req.protocol}://${req.host}`;
  if (origin !== own && !allowedOrigins.has(origin)) throw new AppError(403, 'common.csrf');
}

function checkPolicy(req: FastifyRequest, policy: RoutePolicy | undefined): void {
  if (!policy || policy.access === 'public') return;
  if (!req.user) throw AppError.unauthorized();
  if (!hasRole(req.user, policy.access)) throw AppError.forbidden();
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
  app.decorate('apiRoutes', []);
  app.decorate('sessionSettings', createSessionSettings(app.db, app.clock));

  // Every /api route needs a policy row; a route without one is a programming error caught at start-up.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      const policy = policyFor(method, route.url);
      if (!policy) throw new Error(`route ${policyKey(method, route.url)} has no row in policy.ts`);
      app.apiRoutes.push({ method, url: route.url, policy });
    }
  });

  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/api')) return;
    const routeKey = req.routeOptions.url ? policyKey(req.method, req.routeOptions.url) : '';
    const policy = req.routeOptions.url ? policyFor(req.method, req.routeOptions.url) : undefined;
    checkCsrf(req, policy, allowedOrigins);
    // health and the API docs reach no school's objects: they answer even without a school or a database
    if (policy?.objects === 'none') return;
    req.schoolId = await opts.resolveSchool(req.headers.host);
    await authenticate(req, reply, routeKey);
    checkPolicy(req, policy);
  });

  // SECURITY.md "Impersonation": every write while impersonating is audited with both users, whatever
  // the route (the audit service adds the impersonator); failed writes changed nothing
  // the entry is written before the answer leaves (onSend), so whoever sees the answer finds the entry
  app.addHook('onSend', async (req, reply, payload) => {
    if (!req.session?.impersonatorId || SAFE_METHODS.has(req.method) || reply.statusCode >= 400)
      return payload;
    try {
      await audit(req, 'impersonation.write', {
        targetId: req.user?.id ?? null,
        details: { route: req.routeOptions.url ? policyKey(req.method, req.routeOptions.url) : req.method },
      });
    } catch (err) {
      req.log.error({ err }, 'impersonation write not audited');
    }
    return payload;
  });
}
