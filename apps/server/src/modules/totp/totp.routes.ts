import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OkResultSchema, TotpDeleteSchema, TotpSetupSchema, TotpVerifySchema } from '@aula/contracts';
import { contextOf } from '../../context.ts';
import { disableTotp, startTotpSetup, verifyTotpSetup } from './totp.service.ts';
import { errorResponses } from '../../lib/route-schemas.ts';

export const totpRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/totp/code',
    {
      schema: {
        tags: ['totp'],
        summary:
          'Two-factor setup (spec 2.5 totp-setup): the pending seed as base32, otpauth URI and QR code (SVG data URL). Activates nothing; repeated calls show the same pending seed',
        response: { 200: TotpSetupSchema, ...errorResponses(401, 403) },
      },
    },
    (req) => startTotpSetup(contextOf(req)),
  );

  app.post(
    '/totp/code/verify',
    {
      schema: {
        tags: ['totp'],
        summary:
          "Activates the pending seed when the code matches (±1 step); ends the user's other sessions. Wrong code: 400",
        body: TotpVerifySchema,
        response: { 200: OkResultSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (req) => verifyTotpSetup(contextOf(req), req.body.code, req.body.password),
  );

  app.delete(
    '/totp/code',
    {
      schema: {
        tags: ['totp'],
        summary:
          "Turns two-factor sign-in off; needs the password (403 when wrong); ends the user's other sessions",
        body: TotpDeleteSchema,
        response: { 200: OkResultSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (req) => disableTotp(contextOf(req), req.body.password),
  );
};
