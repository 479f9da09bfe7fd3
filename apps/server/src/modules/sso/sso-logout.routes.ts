// POST /api/logout ends the session here and, for a session that came from the school's identity provider,
// answers the provider's sign-out (decision 042): it lives in sso, above auth, so that auth never imports sso
// (issue 33, decision 083).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LogoutResultSchema } from '@aula/contracts';
import { contextOf } from '../../context.ts';
import { clearSessionCookies } from '../auth/session-cookies.ts';
import { logout } from '../auth/sessions.service.ts';
import { requireFreshSignIn } from './sso-cookies.ts';
import { providerLogout } from './sso-logout.service.ts';

export const logoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/logout',
    {
      schema: {
        tags: ['auth'],
        summary:
          "End the session; answers the identity provider's sign-out address for the top window (redirect), or that it may still be signed in",
        response: { 200: LogoutResultSchema },
      },
    },
    async (req, reply) => {
      const ctx = contextOf(req);
      const ended = await logout(ctx, req.cookies[app.cookieNames.refresh]);
      clearSessionCookies(reply);
      const { result, freshSignInNext } = await providerLogout(ctx, ended);
      if (freshSignInNext) requireFreshSignIn(reply);
      return result;
    },
  );
};
