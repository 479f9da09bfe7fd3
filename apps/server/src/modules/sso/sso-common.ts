import type { FastifyReply, FastifyRequest } from 'fastify';
import { ReturnToSchema } from '@aula/contracts';
import { AppError } from '../../lib/app-error.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { audit } from '../audit/audit.service.ts';
import {
  deleteEndedSsoSessions,
  deleteOldSsoRequests,
  insertSsoRequest,
  type SsoProvider,
} from './sso.repo.ts';

// What OIDC and SAML sign-ins share (decisions 038 and 040): the request lifetime, the cookie that binds a
// sign-in in flight to the browser that started it (login CSRF), and the audited refusal.

export const REQUEST_TTL_MS = 10 * 60_000;
/** Clocks of schools' servers and their providers drift; a minute either way is accepted. */
export const CLOCK_SKEW_MS = 60_000;

/** When a kept sign-in request was started, by the server's clock (its row expires REQUEST_TTL_MS later). */
export function requestStartedAt(request: { expiresAt: Date }): Date {
  return new Date(request.expiresAt.getTime() - REQUEST_TTL_MS);
}

export function browserCookieName(req: FastifyRequest): string {
  return req.server.secureCookies ? '__Host-aula_sso' : 'aula_sso';
}

function cookieOptions(req: FastifyRequest) {
  // Lax: the provider sends the browser back with a top-level navigation, which carries it
  return { httpOnly: true, sameSite: 'lax', secure: req.server.secureCookies, path: '/' } as const;
}

function setBrowserCookie(req: FastifyRequest, reply: FastifyReply, value: string): void {
  reply.setCookie(browserCookieName(req), value, { ...cookieOptions(req), maxAge: REQUEST_TTL_MS / 1000 });
}

/** The cookie's value, cleared in the same answer: it serves one completion only. */
export function takeBrowserCookie(req: FastifyRequest, reply: FastifyReply): string | undefined {
  const value = req.cookies[browserCookieName(req)];
  reply.clearCookie(browserCookieName(req), cookieOptions(req));
  return value;
}

export type SsoRefusal =
  'sso.state_invalid' | 'sso.denied' | 'sso.failed' | 'sso.provider_unreachable' | 'sso.not_fresh';

/** Audits a refused sign-in with the reason (never tokens, codes or assertions). */
export function auditRefusal(req: FastifyRequest, provider: SsoProvider, reason: string): Promise<void> {
  return audit(req, 'login.sso_failed', { details: { provider, reason } });
}

/** A refused sign-in: audited with the reason, then the translated error. */
export async function refuse(
  req: FastifyRequest,
  provider: SsoProvider,
  status: number,
  code: SsoRefusal,
  reason: string,
): Promise<never> {
  await auditRefusal(req, provider, reason);
  throw new AppError(status, code);
}

/**
 * Where to land after signing in: a path of this site, or home. Anything else (another site, a scheme, a
 * backslash trick) is an open-redirect attempt: refused with a validation error and audited.
 */
export async function checkedReturnTo(
  req: FastifyRequest,
  provider: SsoProvider,
  returnTo: string | undefined,
): Promise<string> {
  if (returnTo === undefined) return '/';
  if (ReturnToSchema.safeParse(returnTo).success) return returnTo;
  await auditRefusal(req, provider, 'return_to_offsite');
  throw new AppError(400, 'common.validation', undefined, undefined, [
    { path: 'returnTo', code: 'same_origin', message: 'a path of this site' },
  ]);
}

/**
 * Keeps a sign-in in flight on the server: its state (OIDC) or request id (SAML) only as a hash, with the
 * return path and what the protocol needs later, bound to this browser by the cookie; ten minutes.
 */
export async function keepSsoRequest(
  req: FastifyRequest,
  reply: FastifyReply,
  request: {
    provider: SsoProvider;
    state: string;
    returnTo: string;
    nonce?: string;
    codeVerifier?: string;
  },
): Promise<void> {
  const now = req.server.clock();
  const browser = newToken();
  await deleteOldSsoRequests(req.server.db, now);
  await deleteEndedSsoSessions(req.server.db, now);
  await insertSsoRequest(req.server.db, {
    schoolId: req.schoolId,
    provider: request.provider,
    stateHash: hashToken(request.state),
    browserHash: hashToken(browser),
    nonce: request.nonce,
    codeVerifier: request.codeVerifier,
    returnTo: request.returnTo,
    expiresAt: new Date(now.getTime() + REQUEST_TTL_MS),
  });
  setBrowserCookie(req, reply, browser);
}

// After every sign-out of a session that came from the provider (decision 042): this browser's next sign-in
// there must ask for the password again (prompt=login, ForceAuthn), whether or not the provider's own
// sign-out page was answered, and until a sign-in here is proven fresh (auth_time, AuthnInstant).
const FRESH_SIGN_IN_MS = 30 * 24 * 3600_000;

function freshCookieName(req: FastifyRequest): string {
  return req.server.secureCookies ? '__Host-aula_sso_fresh' : 'aula_sso_fresh';
}

function freshCookieOptions(req: FastifyRequest) {
  return { httpOnly: true, sameSite: 'lax', secure: req.server.secureCookies, path: '/' } as const;
}

/** The next sign-in at the provider in this browser must ask for the password again. */
export function requireFreshSignIn(req: FastifyRequest, reply: FastifyReply): void {
  reply.setCookie(freshCookieName(req), '1', {
    ...freshCookieOptions(req),
    maxAge: FRESH_SIGN_IN_MS / 1000,
  });
}

/** Whether this browser signed out of a provider that may still be signed in (prompt=login, ForceAuthn). */
export function wantsFreshSignIn(req: FastifyRequest): boolean {
  return req.cookies[freshCookieName(req)] === '1';
}

/**
 * While this browser must sign in afresh, the provider must say when the person authenticated (OIDC
 * auth_time, SAML AuthnInstant), and that must be after the sign-in started here, give or take the clock
 * skew: a provider that ignores prompt=login or ForceAuthn would otherwise let the previous pupil's session
 * sign the next one in. Answers the refusal reason, or null when the sign-in may go on.
 */
export function freshnessRefusal(
  req: FastifyRequest,
  authenticatedAt: Date | null,
  startedAt: Date,
): 'auth_time_missing' | 'not_fresh' | null {
  if (!wantsFreshSignIn(req)) return null;
  if (!authenticatedAt || Number.isNaN(authenticatedAt.getTime())) return 'auth_time_missing';
  return authenticatedAt.getTime() < startedAt.getTime() - CLOCK_SKEW_MS ? 'not_fresh' : null;
}

/** A sign-in through the provider completed and was proven fresh (freshnessRefusal): the cookie goes. */
export function freshSignInDone(req: FastifyRequest, reply: FastifyReply): void {
  if (req.cookies[freshCookieName(req)] !== undefined)
    reply.clearCookie(freshCookieName(req), freshCookieOptions(req));
}
