import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorBodySchema,
  OidcCallbackRequestSchema,
  OidcSettingsUpdateSchema,
  OidcSettingsViewSchema,
  SamlCompleteRequestSchema,
  SamlSettingsUpdateSchema,
  SamlSettingsViewSchema,
  SsoInfoSchema,
  SsoSessionResultSchema,
  SsoStartRequestSchema,
  SsoStartResultSchema,
  type SsoInfo,
} from '@aula/contracts';
import { completeOidc, enabledOidc, startOidc } from './oidc.service.ts';
import { getOidcSettings, setOidcSettings } from './oidc-settings.service.ts';
import { completeSaml, enabledSaml, samlAcs, samlSlo, spMetadata, startSaml } from './saml.service.ts';
import { getSamlSettings, setSamlSettings } from './saml-settings.service.ts';

/** GET /api/apps/moin: the providers the login page offers. */
async function ssoInfo(req: FastifyRequest): Promise<SsoInfo> {
  const [oidc, saml] = await Promise.all([enabledOidc(req), enabledSaml(req)]);
  const providers = [
    ...(oidc ? [{ protocol: 'oidc' as const, label: oidc.settings.label }] : []),
    ...(saml ? [{ protocol: 'saml' as const, label: saml.settings.label }] : []),
  ];
  return { providers };
}

const errors = {
  400: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  422: ErrorBodySchema,
  502: ErrorBodySchema,
};

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
    (req) => ssoInfo(req),
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
    (req, reply) => startOidc(req, reply, req.body.returnTo),
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
    (req, reply) => completeOidc(req, reply, req.body.query),
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
    (req) => getOidcSettings(req),
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
    (req) => setOidcSettings(req, req.body),
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
    (req, reply) => startSaml(req, reply, req.body.returnTo),
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
      reply.type('application/samlmetadata+xml; charset=utf-8').send(await spMetadata(req)),
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
      (req, reply) => samlAcs(req, reply, req.body),
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
    (req, reply) => samlSlo(req, reply),
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
    (req, reply) => completeSaml(req, reply, req.body.state),
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
    (req) => getSamlSettings(req),
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
    (req) => setSamlSettings(req, req.body),
  );
};
