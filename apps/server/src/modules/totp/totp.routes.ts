import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorBodySchema,
  OkResultSchema,
  TotpDeleteSchema,
  TotpSetupSchema,
  TotpVerifySchema,
} from '@aula/contracts';
import { contextOf } from '../../context.ts';
import { disableTotp, startTotpSetup, verifyTotpSetup } from './totp.service.ts';

export const totpRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/totp/code',
    {
      schema: {
        tags: ['totp'],
        summary:
          'Two-factor setup (spec 2.5 totp-setup): the pending seed as base32, otpauth URI and QR code (SVG data URL). Activates nothing; repeated calls show the same pending seed',
        response: { 200: TotpSetupSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
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
        response: { 200: OkResultSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
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
        response: { 200: OkResultSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    (req) => disableTotp(contextOf(req), req.body.password),
  );
};
