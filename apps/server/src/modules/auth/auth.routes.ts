import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ChallengeErrorBodySchema,
  LoginRequestSchema,
  OkResultSchema,
  PasswordConfirmSchema,
  SessionResultSchema,
} from '@aula/contracts';
import { contextOf } from '../../context.ts';
import { reauth } from './password-check.service.ts';
import { answerWithLogin, setSessionCookies } from './session-cookies.ts';
import { refresh } from './sessions.service.ts';
import { login } from './login.service.ts';
import { dummyHash } from './passwords.ts';
import { errorResponses } from '../../lib/route-schemas.ts';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // the first unknown user must not pay for making the dummy hash (timing, SECURITY.md)
  app.addHook('onReady', async () => void (await dummyHash()));

  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Sign in with username and password; sets the session cookies and the device cookie. From an address with many failures, 429 auth.challenge_required carries a proof-of-work challenge to solve and send as `altcha`',
        body: LoginRequestSchema,
        response: {
          200: SessionResultSchema,
          ...errorResponses(401, 403, 423),
          429: ChallengeErrorBodySchema,
        },
      },
    },
    async (req, reply) =>
      answerWithLogin(reply, await login(contextOf(req), req.body, req.cookies[app.cookieNames.device])),
  );

  app.post(
    '/login/refresh',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Rotate the session tokens, reading the refresh cookie; a reused token ends the session family (418)',
        response: { 200: SessionResultSchema, ...errorResponses(401, 418) },
      },
    },
    async (req, reply) => {
      const refreshed = await refresh(contextOf(req), req.cookies[app.cookieNames.refresh]);
      if (refreshed.cookies) setSessionCookies(reply, refreshed.cookies);
      return refreshed.result;
    },
  );

  app.post(
    '/login/reauth',
    {
      schema: {
        tags: ['auth'],
        summary: 'Prove the password again (impersonation needs it within 5 minutes); wrong: 403',
        body: PasswordConfirmSchema,
        response: {
          200: OkResultSchema,
          ...errorResponses(401, 403, 423, 429),
        },
      },
    },
    (req) => reauth(contextOf(req), req.body.password),
  );
};
