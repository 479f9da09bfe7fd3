import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  OidcCallbackRequestSchema,
  OidcSettingsUpdateSchema,
  OidcSettingsViewSchema,
  ReauthInfoSchema,
  SamlCompleteRequestSchema,
  SamlSettingsUpdateSchema,
  SamlSettingsViewSchema,
  SsoInfoSchema,
  SsoSessionResultSchema,
  SsoStartRequestSchema,
  SsoStartResultSchema,
  type SsoInfo,
} from '@aula/contracts';
import { contextOf, type Ctx } from '../../context.ts';
import { answerWithSession } from '../auth/session-cookies.ts';
import { completeOidc, enabledOidc, startOidc } from './oidc.service.ts';
import { getOidcSettings, setOidcSettings } from './oidc-settings.service.ts';
import { samlSlo } from './saml-logout.service.ts';
import { completeSaml, enabledSaml, samlAcs, spMetadata, startSaml } from './saml.service.ts';
import { getSamlSettings, setSamlSettings } from './saml-settings.service.ts';
import type { SsoBrowser, SsoSignedIn, SsoStarted } from './sso-common.ts';
import { reauthInfo } from './sso-reauth.service.ts';
import { bindBrowser, freshSignInDone, ssoBrowserOf, unbindBrowser } from './sso-cookies.ts';
import { errorResponses } from '../../lib/route-schemas.ts';

/** GET /api/apps/moin: the providers the login page offers. */
async function ssoInfo(ctx: Ctx): Promise<SsoInfo> {
  const [oidc, saml] = await Promise.all([enabledOidc(ctx), enabledSaml(ctx)]);
  const providers = [
    ...(oidc ? [{ protocol: 'oidc' as const, label: oidc.settings.label }] : []),
    ...(saml ? [{ protocol: 'saml' as const, label: saml.settings.label }] : []),
  ];
  return { providers };
}

/** A sign-in started: this browser is bound to it by a cookie, and goes to the provider's address. */
function started(reply: FastifyReply, sign: SsoStarted) {
  bindBrowser(reply, sign.binding);
  return { url: sign.url };
}

/**
 * Completing a sign-in: the binding cookie serves one completion only and goes with the answer, whatever
 * the outcome; a session started sets its cookies, and a proven fresh sign-in ends the freshness demand.
 */
async function signedIn(
  req: FastifyRequest,
  reply: FastifyReply,
  complete: (browser: SsoBrowser) => Promise<SsoSignedIn>,
) {
  const browser = ssoBrowserOf(req);
  unbindBrowser(reply);
  const { grant, returnTo } = await complete(browser);
  freshSignInDone(req, reply);
  return { ...answerWithSession(reply, grant), returnTo };
}

// the identity provider does not answer: 504 sso.provider_unreachable (decision 078)
const errors = errorResponses(400, 403, 404, 422, 504);

// spec 1, 2.1 (/sso, /login/moin, /oidc/callback), 7.1-7.2; docs/decisions/038-oidc-sign-in.md, 040-saml-sign-in.md
export const ssoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/apps/moin',
    {
      schema: {
        tags: ['sso'],
        summary: "Whether the login page offers the school's identity provider, and its label",
        response: { 200: SsoInfoSchema },
      },
    },
    (req) => ssoInfo(contextOf(req)),
  );

  app.get(
    '/login/reauth',
    {
      schema: {
        tags: ['sso'],
        summary:
          'How the signed-in user confirms it is them (decision 079): the password, or without one a fresh sign-in at the identity provider, and until when the last one counts',
        response: { 200: ReauthInfoSchema, ...errorResponses(401, 404) },
      },
    },
    (req) => reauthInfo(contextOf(req)),
  );

  app.post(
    '/login/oidc',
    {
      schema: {
        tags: ['sso'],
        summary: 'Start signing in at the identity provider: answers the address to send the browser to',
        body: SsoStartRequestSchema,
        response: { 200: SsoStartResultSchema, ...errors },
      },
    },
    async (req, reply) =>
      started(reply, await startOidc(contextOf(req), ssoBrowserOf(req), req.body.returnTo, req.body.fresh)),
  );

  app.post(
    '/apps/moin/callback',
    {
      schema: {
        tags: ['sso'],
        summary: 'Complete the sign-in with the query the provider sent back to /oidc/callback',
        body: OidcCallbackRequestSchema,
        response: { 200: SsoSessionResultSchema, ...errors },
      },
    },
    (req, reply) => signedIn(req, reply, (browser) => completeOidc(contextOf(req), browser, req.body.query)),
  );

  app.get(
    '/config/oidc',
    {
      schema: {
        tags: ['sso'],
        summary: 'The identity provider settings (admins); the client secret only as "set"',
        response: { 200: OidcSettingsViewSchema, ...errors },
      },
    },
    (req) => getOidcSettings(contextOf(req)),
  );

  app.put(
    '/config/oidc',
    {
      schema: {
        tags: ['sso'],
        summary: 'Change the identity provider settings (admins); an empty secret keeps the stored one',
        body: OidcSettingsUpdateSchema,
        response: { 200: OidcSettingsViewSchema, ...errors },
      },
    },
    (req) => setOidcSettings(contextOf(req), req.body),
  );

  app.post(
    '/login/saml',
    {
      schema: {
        tags: ['sso'],
        summary: 'Start signing in at the SAML identity provider: answers the address to send the browser to',
        body: SsoStartRequestSchema,
        response: { 200: SsoStartResultSchema, ...errors },
      },
    },
    async (req, reply) =>
      started(reply, await startSaml(contextOf(req), ssoBrowserOf(req), req.body.returnTo, req.body.fresh)),
  );

  app.get(
    '/login/saml/metadata',
    {
      schema: {
        tags: ['sso'],
        summary: "Aula's SAML service provider metadata, to register at the school's identity provider",
        response: {
          200: {
            description: 'an EntityDescriptor',
            content: { 'application/samlmetadata+xml': { schema: z.string() } },
          },
        },
      },
    },
    async (req, reply) =>
      reply.type('application/samlmetadata+xml; charset=utf-8').send(await spMetadata(contextOf(req))),
  );

  // the assertion consumer service: the provider's page posts a form here, cross-site by design
  await app.register(async (acs) => {
    acs.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1_500_000 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    acs.post(
      '/login/saml/acs',
      {
        // no body schema: whatever arrives, the browser is sent on to the login page with a reason
        schema: {
          tags: ['sso'],
          summary:
            "The identity provider's answer (HTTP-POST binding: SAMLResponse, RelayState is ignored); sends the browser on with 303",
        },
      },
      async (req, reply) => reply.redirect(await samlAcs(contextOf(req), req.body), 303),
    );
  });

  app.get(
    '/login/saml/slo',
    {
      schema: {
        tags: ['sso'],
        summary:
          "Single logout service (HTTP-Redirect binding): the provider's signed LogoutResponse; sends the browser on to the login page with 303",
      },
    },
    async (req, reply) => {
      const next = await samlSlo(contextOf(req), req.url.split('?')[1] ?? '');
      return reply.redirect(next.location, next.status);
    },
  );

  app.post(
    '/login/saml/complete',
    {
      schema: {
        tags: ['sso'],
        summary: 'Claim the checked identity in the browser that started the sign-in (from /saml/callback)',
        body: SamlCompleteRequestSchema,
        response: { 200: SsoSessionResultSchema, ...errors },
      },
    },
    (req, reply) => signedIn(req, reply, (browser) => completeSaml(contextOf(req), browser, req.body.state)),
  );

  app.get(
    '/config/saml',
    {
      schema: {
        tags: ['sso'],
        summary: 'The SAML identity provider settings (admins) and the addresses to register there',
        response: { 200: SamlSettingsViewSchema, ...errors },
      },
    },
    (req) => getSamlSettings(contextOf(req)),
  );

  app.put(
    '/config/saml',
    {
      schema: {
        tags: ['sso'],
        summary: "Change the SAML settings (admins); new metadata replaces the provider's",
        body: SamlSettingsUpdateSchema,
        response: { 200: SamlSettingsViewSchema, ...errors },
      },
    },
    (req) => setSamlSettings(contextOf(req), req.body),
  );
};
