import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { LoggerOptions } from 'pino';
import { ERROR_MESSAGES } from '@aula/contracts';
import type { Database } from './db/index.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { svgRenderer } from './lib/svg-render.ts';
import { responseSerializer } from './lib/response-serializer.ts';
import { registerEventHub } from './modules/events/events.routes.ts';
import { MODULE_MANIFESTS } from './modules/manifests.ts';
import { registerPush, type PushAppOptions } from './modules/push/push.plugin.ts';
import { registerWebManifest } from './plugins/web-manifest.ts';
import type { MailOptions } from './core/app-services.ts';
import { createSchoolResolver } from './modules/schools/schools.service.ts';
import { createPresence, onlineList } from './modules/status/presence.service.ts';
import { createStartPage } from './plugins/start-page.ts';
import { registerCompression } from './plugins/compression.ts';
import { registerJobs } from './plugins/jobs.ts';
import { registerErrorHandler, serializeError, serializeRequest } from './plugins/errors.ts';
import { looksLikeApi, matchedApiRoute, registerRequestGuard } from './plugins/request-guard.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { addDiagnosticsContributors, addExportContributors } from './lib/contributors.ts';
import { subscribeDomainEvents } from './lib/domain-events.ts';
import { readConfigSnapshot } from './modules/config/config.service.ts';
import './types.ts';

export interface BuildAppOptions {
  database: Database;
  /** The address users reach Aula at; https turns on Secure and __Host- cookies. */
  publicUrl?: string;
  /** Folder of the built web app, served with an SPA fallback. */
  webDist?: string;
  logger?: boolean | LoggerOptions;
  /** a ready logger (tests read every line the app writes); wins over `logger` */
  loggerInstance?: FastifyBaseLogger;
  clock?: Clock;
  /** 32 bytes encrypting TOTP seeds at rest; a random one (lost at restart) when not given */
  secretKey?: Buffer;
  /** Proxies whose X-Forwarded-For is believed (addresses or CIDR ranges); off by default */
  trustProxy?: string[];
  /** SMTP for outgoing mail; without smtpUrl mails stay in the outbox table */
  mail?: MailOptions;
  /** push delivery: push service hosts allowed on private addresses, trusted roots (tests' stand-in) */
  push?: PushAppOptions;
}

export const API_VERSION = '1.0';

const LOG_SERIALIZERS = { err: serializeError, req: serializeRequest };

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // every logged error and request goes through these: a failed query's parameters and a URL's query
    // string never reach a log
    ...(opts.loggerInstance
      ? { loggerInstance: opts.loggerInstance.child({}, { serializers: LOG_SERIALIZERS }) }
      : {
          logger: opts.logger
            ? { ...(opts.logger === true ? {} : opts.logger), serializers: LOG_SERIALIZERS }
            : false,
        }),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    // per-address sign-in limits must see the client, not the proxy; never trust a header from anyone else
    ...(opts.trustProxy?.length ? { trustProxy: opts.trustProxy } : {}),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer);

  const secure = opts.publicUrl?.startsWith('https://') ?? false;
  app.decorate('database', opts.database);
  app.decorate('db', opts.database.db);
  app.decorate('clock', opts.clock ?? systemClock);
  app.decorate('secureCookies', secure);
  app.decorate('secretKey', opts.secretKey ?? randomBytes(32));
  app.decorate('mailOptions', opts.mail ?? {});
  app.decorate('publicOrigin', opts.publicUrl ? new URL(opts.publicUrl).origin : null);
  const presence = createPresence(opts.database.db, opts.clock ?? systemClock, app.log);
  app.decorate('presence', presence);
  app.addHook('onReady', async () => presence.start());
  app.addHook('onClose', async () => presence.stop());
  // the SVG renderer's child process ends with the last app of the process (tests build several)
  app.addHook('onClose', svgRenderer.retain());
  // scheduled work, one school at a time (plugins/jobs.ts): each runs at start, then at its interval
  registerJobs(
    app,
    MODULE_MANIFESTS.flatMap((m) => m.jobs ?? []),
  );
  // side effects between areas as domain events, and the areas' parts of the data export and the diagnostics
  // (decision 084), each from the modules' manifests (decision 090); each list in no order that matters
  subscribeDomainEvents(
    MODULE_MANIFESTS.flatMap((m) => m.eventHandlers ?? []),
    app.log,
    readConfigSnapshot,
  );
  addExportContributors(MODULE_MANIFESTS.flatMap((m) => m.exportContributors ?? []));
  addDiagnosticsContributors(MODULE_MANIFESTS.flatMap((m) => m.diagnostics ?? []));
  // the live event stream (decision 071): LISTEN from start-up, every stream ended before close waits
  registerEventHub(app, onlineList);
  // push (decision 073): VAPID keys on first start, and this process's share of the queue
  registerPush(app, opts.push);
  app.decorate('cookieNames', {
    access: secure ? '__Host-aula_at' : 'aula_at',
    refresh: secure ? '__Host-aula_rt' : 'aula_rt',
    // the sign-in device cookie (decision 074): not a session, it outlives signing out
    device: secure ? '__Host-aula_dev' : 'aula_dev',
  });

  registerSecurityHeaders(app, { secure });
  await app.register(cookie);
  await app.register(swagger, {
    // OpenAPI 3.1 (JSON Schema 2020-12): a 204 or 304 without a body is declared as having none
    openapi: { openapi: '3.1.0', info: { title: 'Aula API', version: API_VERSION } },
    transform: jsonSchemaTransform,
  });

  registerErrorHandler(app);
  registerRequestGuard(app, {
    resolveSchool: createSchoolResolver(opts.database.db),
    allowedOrigins: opts.publicUrl ? [new URL(opts.publicUrl).origin] : [],
  });

  // While shutting down, each answered connection closes, so close() need not wait out keep-alive.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (req, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    reply.header('x-request-id', req.id);
    if (matchedApiRoute(req) || looksLikeApi(req.url)) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
  // after every other onSend hook, so it compresses the final answer
  registerCompression(app);

  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  await app.register(
    async (api) => {
      // every module's routes, module by module in the order of modules/manifests.ts (decision 090)
      for (const m of MODULE_MANIFESTS) for (const routes of m.routes ?? []) await api.register(routes);
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: '/api' },
  );

  const webDist = opts.webDist && existsSync(opts.webDist) ? opts.webDist : undefined;
  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      // X.br and X.gz written beside each file at build time (apps/web/scripts/precompress.mjs): brotli when
      // accepted, else gzip, else the file itself, with Vary: Accept-Encoding; the ETag (size and time of
      // the file sent) differs per encoding. The SPA fallback's sendFile goes the same way.
      preCompressed: true,
      // `/` is the start page with its data (plugins/start-page.ts); /index.html is the page without data,
      // each with a nonce of its own (decision 080), so neither is a static file
      index: false,
      allowedPath: (path) => path !== '/index.html',
      setHeaders(reply, path) {
        reply.header(
          'cache-control',
          /[/\\]assets[/\\]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  if (webDist) registerWebManifest(app, webDist);
  const pages = webDist ? createStartPage(app, webDist) : undefined;
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0]!;
    // Only extension-less page GETs get the app: a missing /assets/x.js must stay a 404.
    const page = req.method === 'GET' || req.method === 'HEAD';
    if (pages && page && path === '/index.html') return pages.sendShell(reply);
    if (pages && page && !looksLikeApi(path) && !/\.[a-z0-9]+$/i.test(path)) {
      return pages.sendStartPage(req, reply, path);
    }
    return reply.code(404).send({ code: 'common.not_found', message: ERROR_MESSAGES['common.not_found'] });
  });

  return app;
}
