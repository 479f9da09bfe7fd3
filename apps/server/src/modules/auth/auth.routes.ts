import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorBodySchema,
  LoginRequestSchema,
  LogoutResultSchema,
  SessionResultSchema,
} from '@aula/contracts';
import { login, logout, refresh } from './auth.service.ts';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with username and password; sets the session cookies',
        body: LoginRequestSchema,
        response: { 200: SessionResultSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    (req, reply) => login(req, reply, req.body),
  );

  app.post(
    '/login/refresh',
    {
      schema: {
        tags: ['auth'],
        summary: 'Rotate the session tokens, reading the refresh cookie',
        response: { 200: SessionResultSchema, 401: ErrorBodySchema },
      },
    },
    (req, reply) => refresh(req, reply),
  );

  app.post(
    '/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'End the session; returns front-channel logout urls to open in hidden frames',
        response: { 200: LogoutResultSchema },
      },
    },
    (req, reply) => logout(req, reply),
  );
};
