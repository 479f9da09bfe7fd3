// The SSO cookies are HTTP (decisions 038, 040, 042): the routes read them into an SsoBrowser for the
// services and set or clear them from what the services answer.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { REQUEST_TTL_MS, type SsoBrowser } from './sso-common.ts';

// After every sign-out of a session that came from the provider (decision 042): this browser's next sign-in
// there must ask for the password again (prompt=login, ForceAuthn), whether or not the provider's own
// sign-out page was answered, and until a sign-in here is proven fresh (auth_time, AuthnInstant).
const FRESH_SIGN_IN_MS = 30 * 24 * 3600_000;

const bindingName = (reply: FastifyReply | FastifyRequest) =>
  reply.server.secureCookies ? '__Host-aula_sso' : 'aula_sso';
const freshName = (reply: FastifyReply | FastifyRequest) =>
  reply.server.secureCookies ? '__Host-aula_sso_fresh' : 'aula_sso_fresh';

// Lax: the provider sends the browser back with a top-level navigation, which carries it
const options = (reply: FastifyReply) =>
  ({ httpOnly: true, sameSite: 'lax', secure: reply.server.secureCookies, path: '/' }) as const;

export function ssoBrowserOf(req: FastifyRequest): SsoBrowser {
  return { binding: req.cookies[bindingName(req)], mustSignInAfresh: req.cookies[freshName(req)] === '1' };
}

/** Binds the sign-in just started to this browser, for as long as the server keeps it. */
export function bindBrowser(reply: FastifyReply, binding: string): void {
  reply.setCookie(bindingName(reply), binding, { ...options(reply), maxAge: REQUEST_TTL_MS / 1000 });
}

/** The binding serves one completion only: it goes with the answer, whatever the outcome. */
export function unbindBrowser(reply: FastifyReply): void {
  reply.clearCookie(bindingName(reply), options(reply));
}

/** The next sign-in at the provider in this browser must ask for the password again. */
export function requireFreshSignIn(reply: FastifyReply): void {
  reply.setCookie(freshName(reply), '1', { ...options(reply), maxAge: FRESH_SIGN_IN_MS / 1000 });
}

/** A sign-in through the provider completed and was proven fresh (freshnessRefusal): the cookie goes. */
export function freshSignInDone(req: FastifyRequest, reply: FastifyReply): void {
  if (req.cookies[freshName(req)] !== undefined) reply.clearCookie(freshName(reply), options(reply));
}
