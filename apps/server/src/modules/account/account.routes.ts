import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  OkResultSchema,
  PasswordChangeSchema,
  ResetCodeCheckSchema,
  ResetCodeRequestSchema,
  ResetCodeResetSchema,
  SecondaryEmailSchema,
  UserInfoSchema,
} from '@aula/contracts';
import { contextOf } from '../../context.ts';
import { acceptSitePolicy, changePassword, changeSecondaryEmail } from './account.service.ts';
import { checkResetCode, requestResetCode, resetPassword } from './reset-code.service.ts';
import { errorResponses } from '../../lib/route-schemas.ts';

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/v2/password_changes',
    {
      schema: {
        tags: ['account'],
        summary:
          'Change the own password with the old one; ends every other session. 403 for a wrong old password',
        body: PasswordChangeSchema,
        response: { 200: UserInfoSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (req) => changePassword(contextOf(req), req.body),
  );

  app.post(
    '/v2/account/reset-code',
    {
      schema: {
        tags: ['account'],
        summary:
          'Mail a password reset code to the account with this user name or e-mail address; the same answer for unknown ones',
        body: ResetCodeRequestSchema,
        response: { 200: OkResultSchema, ...errorResponses(400, 429) },
      },
    },
    (req) => requestResetCode(contextOf(req), req.body),
  );

  app.post(
    '/v2/account/reset-code/check',
    {
      schema: {
        tags: ['account'],
        summary:
          'Whether a reset code is right (does not use it up); 423 after five wrong tries, 410 expired',
        body: ResetCodeCheckSchema,
        response: { 200: OkResultSchema, ...errorResponses(400, 410, 423) },
      },
    },
    (req) => checkResetCode(contextOf(req), req.body),
  );

  app.post(
    '/v2/account/reset-code/reset',
    {
      schema: {
        tags: ['account'],
        summary:
          'Set a new password with a reset code; ends every session of the account and lifts a sign-in lock',
        body: ResetCodeResetSchema,
        response: { 200: OkResultSchema, ...errorResponses(400, 410, 423) },
      },
    },
    (req) => resetPassword(contextOf(req), req.body),
  );

  app.put(
    '/self/secondary-email',
    {
      schema: {
        tags: ['account'],
        summary: 'Set (or with null remove) the own secondary e-mail address; returns the user info',
        body: SecondaryEmailSchema,
        response: { 200: UserInfoSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (req) => changeSecondaryEmail(contextOf(req), req.body),
  );

  app.post(
    '/self/site-policy',
    {
      schema: {
        tags: ['account'],
        summary: 'Accept the site policy (force_accept_policy); returns the user info',
        response: { 200: UserInfoSchema, ...errorResponses(401, 403) },
      },
    },
    (req) => acceptSitePolicy(contextOf(req)),
  );
};
