import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { LoggerOptions } from 'pino';
import { ERROR_MESSAGES } from '@aula/contracts';
import type { Database } from './db/index.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { svgRenderer } from './lib/svg-render.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { appsRoutes } from './modules/apps/apps.routes.ts';
import { bumpLayoutsHoldingApp } from './modules/layout/layout-version.service.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { brandingRoutes } from './modules/branding/branding.routes.ts';
import { settingsRoutes } from './modules/config/settings.routes.ts';
import { cimRoutes } from './modules/cim/cim.routes.ts';
import { cameraRoutes } from './modules/camera/camera.routes.ts';
import { bbbCodeMissesJob } from './modules/bbb/bbb.jobs.ts';
import { bbbRoutes } from './modules/bbb/bbb.routes.ts';
import { chatRetentionJob } from './modules/chat/chat.jobs.ts';
import { chatRoutes } from './modules/chat/chat.routes.ts';
import { eventsCleanupJob } from './modules/events/events.jobs.ts';
import { eventsRoutes, registerEventHub } from './modules/events/events.routes.ts';
import { registerPush, type PushAppOptions } from './modules/push/push.plugin.ts';
import { pushLogCleanupJob } from './modules/push/push-status.service.ts';
import { pushRoutes } from './modules/push/push.routes.ts';
import { messagesRoutes } from './modules/messages/messages.routes.ts';
import { sickRetentionJob } from './modules/sick/sick.jobs.ts';
import { sickRoutes } from './modules/sick/sick.routes.ts';
import { roleGroupsRoutes } from './modules/groups/role-groups.routes.ts';
import { diagnosticsRoutes } from './modules/status/diagnostics.routes.ts';
import { ssoRoutes } from './modules/sso/sso.routes.ts';
import { logoutRoutes } from './modules/sso/sso-logout.routes.ts';
import { userManagerRoutes } from './modules/user-admin/user-manager.routes.ts';
import { configRoutes } from './modules/config/config.routes.ts';
import { groupsRoutes } from './modules/groups/groups.routes.ts';
import { layoutRoutes } from './modules/layout/layout.routes.ts';
import { mailRoutes } from './modules/mail/mail.routes.ts';
import { schoolRoutes } from './modules/config/school.routes.ts';
import { registerWebManifest } from './plugins/web-manifest.ts';
import type { MailOptions } from './core/app-services.ts';
import { createSchoolResolver } from './modules/schools/schools.service.ts';
import { createPresence, onlineList } from './modules/status/presence.service.ts';
import { statusRoutes } from './modules/status/status.routes.ts';
import { totpRoutes } from './modules/totp/totp.routes.ts';
import { dataExportRoutes } from './modules/data-export/data-export.routes.ts';
import { impersonationRoutes } from './modules/user-admin/impersonation.routes.ts';
import { userAdminRoutes } from './modules/user-admin/user-admin.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { permsRoutes } from './modules/account/perms.routes.ts';
import { createStartPage } from './plugins/start-page.ts';
import { registerCompression } from './plugins/compression.ts';
import { registerJobs } from './plugins/jobs.ts';
import { registerErrorHandler, serializeError, serializeRequest } from './plugins/errors.ts';
import { looksLikeApi, matchedApiRoute, registerRequestGuard } from './plugins/request-guard.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { addDiagnosticsContributors, addExportContributors } from './lib/contributors.ts';
import { subscribeDomainEvents } from './lib/domain-events.ts';
import { readConfigSnapshot } from './modules/config/config.service.ts';
import { bbbDiagnostics } from './modules/bbb/bbb.contributors.ts';
import { cameraExportContributor } from './modules/camera/camera.contributors.ts';
import { chatExportContributor } from './modules/chat/chat.contributors.ts';
import { chatEventHandlers } from './modules/chat/chat.events.ts';
import { pushDiagnostics } from './modules/push/push.contributors.ts';
import { pushEventHandlers } from './modules/push/push.events.ts';
import { ssoDiagnostics } from './modules/sso/sso.contributors.ts';
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
  app.setSerializerCompiler(serializerCompiler);

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
  registerJobs(app, [
    sickRetentionJob,
    bbbCodeMissesJob,
    eventsCleanupJob,
    chatRetentionJob,
    pushLogCleanupJob,
  ]);
  // side effects between areas as domain events, and the areas' parts of the data export and the diagnostics
  // (decision 084); each list is every area's, in no order that matters
  subscribeDomainEvents([...pushEventHandlers, ...chatEventHandlers], app.log, readConfigSnapshot);
  addExportContributors([cameraExportContributor, chatExportContributor]);
  addDiagnosticsContributors([...ssoDiagnostics, bbbDiagnostics, pushDiagnostics]);
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
  app.addHook('onSend', async (req, reply) => {
    if (closing) reply.header('connection', 'close');
    reply.header('x-request-id', req.id);
    if (matchedApiRoute(req) || looksLikeApi(req.url)) reply.header('cache-control', 'no-store');
  });
  // after every other onSend hook, so it compresses the final answer
  registerCompression(app);

  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  await app.register(
    async (api) => {
      await api.register(statusRoutes);
      await api.register(authRoutes);
      await api.register(logoutRoutes);
      await api.register(usersRoutes);
      await api.register(permsRoutes);
      await api.register(groupsRoutes);
      await api.register(layoutRoutes);
      await api.register(appsRoutes, { beforeTileDelete: bumpLayoutsHoldingApp });
      await api.register(configRoutes);
      await api.register(accountRoutes);
      await api.register(mailRoutes);
      await api.register(totpRoutes);
      await api.register(userAdminRoutes);
      await api.register(impersonationRoutes);
      await api.register(dataExportRoutes);
      await api.register(userManagerRoutes);
      await api.register(roleGroupsRoutes);
      await api.register(cimRoutes);
      await api.register(messagesRoutes);
      await api.register(sickRoutes);
      await api.register(settingsRoutes);
      await api.register(brandingRoutes);
      await api.register(schoolRoutes);
      await api.register(diagnosticsRoutes);
      await api.register(ssoRoutes);
      await api.register(cameraRoutes);
      await api.register(bbbRoutes);
      await api.register(chatRoutes);
      await api.register(eventsRoutes);
      await api.register(pushRoutes);
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
