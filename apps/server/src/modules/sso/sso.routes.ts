import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorBodySchema,
  OidcCallbackRequestSchema,
  OidcSettingsUpdateSchema,
  OidcSettingsViewSchema,
  SsoInfoSchema,
  SsoSessionResultSchema,
  SsoStartRequestSchema,
  SsoStartResultSchema,
} from '@aula/contracts';
import { completeOidc, ssoInfo, startOidc } from './oidc.service.ts';
import { getOidcSettings, setOidcSettings } from './oidc-settings.service.ts';

const errors = {
  400: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  422: ErrorBodySchema,
  502: ErrorBodySchema,
};

// spec 1, 2.1 (/sso, /login/moin, /oidc/callback), 7.1-7.2; docs/decisions/038-oidc-sign-in.md
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
};
