import { ReturnToSchema } from '@aula/contracts';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { audit } from '../audit/audit.service.ts';
import type { SessionGrant } from '../auth/sessions.service.ts';
import {
  deleteEndedSsoSessions,
  deleteOldSsoRequests,
  insertSsoRequest,
  type SsoProvider,
} from './sso.repo.ts';

// What OIDC and SAML sign-ins share (decisions 038 and 040): the request lifetime, the cookie that binds a
// sign-in in flight to the browser that started it (login CSRF), and the audited refusal.

/**
 * What the browser's cookies say (sso-cookies.ts reads them): the token binding it to a sign-in it started,
 * and whether it signed out of a provider that may still be signed in (decision 042: prompt=login, ForceAuthn,
 * and the provider must say when the person authenticated).
 */
export interface SsoBrowser {
  binding: string | undefined;
  mustSignInAfresh: boolean;
}

export const REQUEST_TTL_MS = 10 * 60_000;
/** Clocks of schools' servers and their providers drift; a minute either way is accepted. */
export const CLOCK_SKEW_MS = 60_000;

/** When a kept sign-in request was started, by the server's clock (its row expires REQUEST_TTL_MS later). */
export function requestStartedAt(request: { expiresAt: Date }): Date {
  return new Date(request.expiresAt.getTime() - REQUEST_TTL_MS);
}

/** A sign-in started: the provider's address, and the token that binds it to this browser (a cookie). */
export interface SsoStarted {
  url: string;
  binding: string;
}

/** A sign-in completed: the new session, and where to land. */
export interface SsoSignedIn {
  grant: SessionGrant;
  returnTo: string;
}

export type SsoRefusal =
  'sso.state_invalid' | 'sso.denied' | 'sso.failed' | 'sso.provider_unreachable' | 'sso.not_fresh';

/** Audits a refused sign-in with the reason (never tokens, codes or assertions). */
export function auditRefusal(ctx: Ctx, provider: SsoProvider, reason: string): Promise<void> {
  return audit(ctx, 'login.sso_failed', { details: { provider, reason } });
}

/** A refused sign-in: audited with the reason, then the translated error. */
export async function refuse(
  ctx: Ctx,
  provider: SsoProvider,
  status: number,
  code: SsoRefusal,
  reason: string,
): Promise<never> {
  await auditRefusal(ctx, provider, reason);
  throw new AppError(status, code);
}

/**
 * Where to land after signing in: a path of this site, or home. Anything else (another site, a scheme, a
 * backslash trick) is an open-redirect attempt: refused with a validation error and audited.
 */
export async function checkedReturnTo(
  ctx: Ctx,
  provider: SsoProvider,
  returnTo: string | undefined,
): Promise<string> {
  if (returnTo === undefined) return '/';
  if (ReturnToSchema.safeParse(returnTo).success) return returnTo;
  await auditRefusal(ctx, provider, 'return_to_offsite');
  throw new AppError(400, 'common.validation', undefined, undefined, [
    { path: 'returnTo', code: 'same_origin', message: 'a path of this site' },
  ]);
}

/**
 * Keeps a sign-in in flight on the server: its state (OIDC) or request id (SAML) only as a hash, with the
 * return path and what the protocol needs later, bound to this browser by the cookie whose value it answers
 * (the route sets it: sso-cookies.ts); ten minutes.
 */
export async function keepSsoRequest(
  ctx: Ctx,
  request: {
    provider: SsoProvider;
    state: string;
    returnTo: string;
    nonce?: string;
    codeVerifier?: string;
  },
): Promise<string> {
  const now = ctx.clock();
  const browser = newToken();
  await deleteOldSsoRequests(ctx.db, now);
  await deleteEndedSsoSessions(ctx.db, now);
  await insertSsoRequest(ctx.db, {
    schoolId: ctx.schoolId,
    provider: request.provider,
    stateHash: hashToken(request.state),
    browserHash: hashToken(browser),
    nonce: request.nonce,
    codeVerifier: request.codeVerifier,
    returnTo: request.returnTo,
    expiresAt: new Date(now.getTime() + REQUEST_TTL_MS),
  });
  return browser;
}

/**
 * While this browser must sign in afresh, the provider must say when the person authenticated (OIDC
 * auth_time, SAML AuthnInstant), and that must be after the sign-in started here, give or take the clock
 * skew: a provider that ignores prompt=login or ForceAuthn would otherwise let the previous pupil's session
 * sign the next one in. Answers the refusal reason, or null when the sign-in may go on.
 */
export function freshnessRefusal(
  browser: SsoBrowser,
  authenticatedAt: Date | null,
  startedAt: Date,
): 'auth_time_missing' | 'not_fresh' | null {
  if (!browser.mustSignInAfresh) return null;
  if (!authenticatedAt || Number.isNaN(authenticatedAt.getTime())) return 'auth_time_missing';
  return authenticatedAt.getTime() < startedAt.getTime() - CLOCK_SKEW_MS ? 'not_fresh' : null;
}

/**
 * When a session from the provider counts as authenticated for re-authentication (decision 079): when the
 * provider says the person authenticated (OIDC auth_time, SAML AuthnInstant), never later than now (a
 * provider clock ahead must not stretch the 5 minutes). A provider that does not say gives no proof: the
 * session then counts as authenticated long ago, and a re-authentication asks for a fresh sign-in.
 */
export function providerAuthAt(authenticatedAt: Date | null, now: Date): Date {
  if (!authenticatedAt || Number.isNaN(authenticatedAt.getTime())) return new Date(0);
  return authenticatedAt.getTime() > now.getTime() ? now : authenticatedAt;
}
