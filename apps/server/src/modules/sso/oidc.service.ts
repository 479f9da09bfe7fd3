import * as client from 'openid-client';
import type { OidcSettings } from '@aula/contracts';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { parseAllowedHosts, safeFetch, SafeFetchError } from '../../lib/safe-fetch.ts';
import { openSecret, purposeKey, sealSecret } from '../../lib/secret-box.ts';
import { hashToken } from '../../lib/tokens.ts';
import { audit } from '../audit/audit.service.ts';
import { endReplacedSession, startSession } from '../auth/sessions.service.ts';
import { configValues, serverConfigValue, snapshotReads } from '../config/config.service.ts';
import { loadOidc, postLogoutRedirectUri, redirectUri, type LoadedOidc } from './oidc-settings.service.ts';
import { deleteSsoSession, findSsoSession, insertSsoSession, takeSsoRequest } from './sso.repo.ts';
import { resolveSsoUser, type SsoIdentity } from './sso-accounts.service.ts';
import {
  checkedReturnTo,
  freshnessRefusal,
  keepSsoRequest,
  providerAuthAt,
  refuse as refuseSso,
  requestStartedAt,
  type SsoBrowser,
  type SsoRefusal,
  type SsoSignedIn,
  type SsoStarted,
} from './sso-common.ts';

// The OpenID Connect relying party (decision 038): authorization code with PKCE (S256), state and nonce
// kept on the server and bound to the browser by a cookie, discovery through the guarded fetch.

const FETCH_TIMEOUT_MS = 8_000;
const CONFIG_TTL_MS = 10 * 60_000;

/** Discovered provider configurations, per school and settings, for ten minutes. */
const configurations = new Map<string, { config: client.Configuration; at: number }>();

async function providerConfiguration(ctx: Ctx, loaded: LoadedOidc): Promise<client.Configuration> {
  const { settings, clientSecret } = loaded;
  const cacheKey = [ctx.schoolId, settings.issuer, settings.clientId, hashToken(clientSecret ?? '')].join(
    ' ',
  );
  const now = Date.now();
  const cached = configurations.get(cacheKey);
  if (cached && now - cached.at < CONFIG_TTL_MS) return cached.config;
  const issuer = new URL(settings.issuer);
  // the provider the admin named may sit in the school's network; every other address stays guarded
  const allowedHosts = [
    issuer.host.toLowerCase(),
    ...parseAllowedHosts(await serverConfigValue(ctx, 'embed_allowed_hosts')),
  ];
  const guardedFetch: client.CustomFetch = (url, options) =>
    safeFetch(
      url,
      {
        method: options.method,
        headers: options.headers,
        body:
          typeof options.body === 'string' || options.body instanceof URLSearchParams ? options.body : null,
        signal: options.signal,
      },
      { allowedHosts, timeoutMs: FETCH_TIMEOUT_MS },
    );
  const config = await client.discovery(
    issuer,
    settings.clientId,
    undefined,
    clientSecret ? client.ClientSecretBasic(clientSecret) : client.None(),
    {
      [client.customFetch]: guardedFetch,
      execute: issuer.protocol === 'http:' ? [client.allowInsecureRequests] : [],
      timeout: FETCH_TIMEOUT_MS / 1000,
    },
  );
  config[client.customFetch] = guardedFetch;
  configurations.set(cacheKey, { config, at: now });
  return config;
}

export async function enabledOidc(ctx: Ctx): Promise<LoadedOidc | null> {
  const { enable_moin_auth: enabled } = await configValues(ctx, ['enable_moin_auth']);
  if (enabled !== 'true') return null;
  return loadOidc(snapshotReads(ctx), ctx.schoolId, ctx.secretKey);
}

/**
 * The provider could not be reached (openid-client wraps what the guarded fetch threw as a cause), or it (or a
 * proxy in front of it) answered 5xx: a server of the school's, not Aula, is down (decision 078).
 */
function unreachable(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof SafeFetchError) return true;
    if (e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError')) return true;
    // oauth4webapi: a Response as the cause of "unexpected HTTP status code", or ResponseBodyError's status
    const status = (e as { status?: unknown }).status;
    if (typeof status === 'number' && status >= 500) return true;
  }
  return false;
}

/** POST /api/login/oidc: stores state, nonce and PKCE verifier, and answers the provider's address. */
export async function startOidc(
  ctx: Ctx,
  browser: SsoBrowser,
  returnTo: string | undefined,
  fresh = false,
): Promise<SsoStarted> {
  const target = await checkedReturnTo(ctx, 'oidc', returnTo);
  const loaded = await enabledOidc(ctx);
  if (!loaded) throw new AppError(404, 'sso.not_configured');
  let config: client.Configuration;
  try {
    config = await providerConfiguration(ctx, loaded);
  } catch (err) {
    ctx.log.warn({ err }, 'oidc discovery failed');
    // 504, never 502: a 502 is "Aula itself is down" to the web app (spec 4.4, 8; decision 078)
    throw new AppError(504, 'sso.provider_unreachable');
  }
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  const binding = await keepSsoRequest(ctx, {
    provider: 'oidc',
    state,
    nonce,
    codeVerifier,
    returnTo: target,
  });
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri(ctx),
    scope: ['openid', ...loaded.settings.scopes.split(/\s+/).filter((s) => s && s !== 'openid')].join(' '),
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    // this browser signed out of a provider that may still be signed in, or re-authenticates (decision
    // 079): ask for the password again
    ...(browser.mustSignInAfresh || fresh ? { prompt: 'login', max_age: '0' } : {}),
  });
  return { url: url.href, binding };
}

function refuse(ctx: Ctx, status: number, code: SsoRefusal, reason: string): Promise<never> {
  return refuseSso(ctx, 'oidc', status, code, reason);
}

/** The provider's error codes that mean the person said no or gave up (RFC 6749 4.1.2.1, OIDC 3.1.2.6). */
const DENIED = new Set(['access_denied', 'consent_required', 'login_required', 'interaction_required']);

/** POST /api/apps/moin/callback: checks the answer, exchanges the code, signs the account in. */
export async function completeOidc(ctx: Ctx, browser: SsoBrowser, query: string): Promise<SsoSignedIn> {
  const params = new URLSearchParams(query.replace(/^\?/, ''));
  const state = params.get('state');
  const now = ctx.clock();
  const cookie = browser.binding;
  if (!state) return refuse(ctx, 400, 'sso.state_invalid', 'state_missing');
  const request = await takeSsoRequest(ctx.db, ctx.schoolId, 'oidc', hashToken(state), now);
  if (!request) return refuse(ctx, 400, 'sso.state_invalid', 'state_unknown');
  if (!cookie || hashToken(cookie) !== request.browserHash)
    return refuse(ctx, 400, 'sso.state_invalid', 'other_browser');
  const providerError = params.get('error');
  if (providerError) {
    const reason = providerError.replace(/[^\w.-]/g, '').slice(0, 60);
    return refuse(ctx, 403, DENIED.has(providerError) ? 'sso.denied' : 'sso.failed', `provider:${reason}`);
  }
  const loaded = await enabledOidc(ctx);
  if (!loaded) throw new AppError(404, 'sso.not_configured');
  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
  let config: client.Configuration;
  try {
    config = await providerConfiguration(ctx, loaded);
    const current = new URL(redirectUri(ctx));
    current.search = params.toString();
    tokens = await client.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: request.codeVerifier ?? undefined,
      expectedState: state,
      expectedNonce: request.nonce ?? undefined,
      idTokenExpected: true,
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (unreachable(err)) return refuse(ctx, 504, 'sso.provider_unreachable', 'unreachable');
    const code = (err as { code?: unknown; error?: unknown }).error ?? (err as { code?: unknown }).code;
    ctx.log.warn({ err }, 'oidc code exchange refused');
    return refuse(ctx, 403, 'sso.failed', `token:${String(code ?? 'invalid').slice(0, 60)}`);
  }
  const idClaims = tokens.claims();
  if (!idClaims) return refuse(ctx, 403, 'sso.failed', 'no_id_token');
  // this browser asked for prompt=login and max_age=0: the ID token must show an authentication since then
  const authTime = typeof idClaims.auth_time === 'number' ? new Date(idClaims.auth_time * 1000) : null;
  const stale = freshnessRefusal(browser, authTime, requestStartedAt(request));
  if (stale) return refuse(ctx, 403, 'sso.not_fresh', stale);
  let claims: Record<string, unknown> = { ...idClaims };
  try {
    // the ID token may carry only the subject; the rest comes from userinfo, checked for the same subject
    const info = await client.fetchUserInfo(config, tokens.access_token, idClaims.sub);
    claims = { ...info, ...idClaims };
  } catch (err) {
    ctx.log.info({ err }, 'oidc userinfo not available; using the ID token claims');
  }
  const identity: SsoIdentity = {
    provider: 'oidc',
    issuer: idClaims.iss,
    subject: idClaims.sub,
    claims,
    emailVerified: claims.email_verified === true,
  };
  const user = await resolveSsoUser(ctx, identity, ssoMapping(loaded.settings));
  await endReplacedSession(ctx);
  const { browserSession } = await ctx.sessionSettings(ctx.schoolId);
  const grant = await startSession(ctx, {
    userId: user.id,
    browserSession,
    ssoProvider: 'oidc',
    authAt: providerAuthAt(authTime, ctx.clock()),
  });
  // the ID token is the id_token_hint of signing out at the provider later; sealed, as it names the person
  if (tokens.id_token)
    await insertSsoSession(ctx.db, {
      schoolId: ctx.schoolId,
      sessionId: grant.sessionId,
      provider: 'oidc',
      idTokenSealed: sealSecret(sealKey(ctx), tokens.id_token, idTokenContext(grant.sessionId)),
    });
  await audit(ctx, 'login.success', { actorId: user.id, targetId: user.id, details: { method: 'oidc' } });
  return { grant, returnTo: request.returnTo };
}

export function ssoMapping(settings: OidcSettings) {
  return {
    linkClaim: settings.linkClaim,
    linkField: settings.linkField,
    createUsers: settings.createUsers,
    roleClaim: settings.roleClaim,
    teacherValues: settings.teacherValues,
    groupsClaim: settings.groupsClaim,
  };
}

const sealKey = (ctx: Ctx) => purposeKey(ctx.secretKey, 'sso-seal');
const idTokenContext = (sessionId: number) => `oidc-id-token:${sessionId}`;

/**
 * RP-initiated logout (OpenID Connect RP-Initiated Logout 1.0): the provider's end-session address with the
 * session's ID token as id_token_hint, the client id, and the registered way back to Aula's login page. Null
 * when the provider announces no end_session_endpoint, no ID token was kept, or the provider is not
 * reachable: the caller then asks for a fresh sign-in next time. The ID token is used up either way.
 */
export async function oidcLogoutUrl(ctx: Ctx, sessionId: number): Promise<string | null> {
  const kept = await findSsoSession(ctx.db, ctx.schoolId, sessionId);
  if (kept) await deleteSsoSession(ctx.db, kept.id);
  if (!kept?.idTokenSealed) return null;
  let idToken: string;
  try {
    idToken = openSecret(sealKey(ctx), kept.idTokenSealed, idTokenContext(sessionId));
  } catch {
    return null;
  }
  const loaded = await loadOidc(snapshotReads(ctx), ctx.schoolId, ctx.secretKey);
  if (!loaded) return null;
  const config = await providerConfiguration(ctx, loaded);
  if (!config.serverMetadata().end_session_endpoint) return null;
  return client.buildEndSessionUrl(config, {
    id_token_hint: idToken,
    client_id: loaded.settings.clientId,
    post_logout_redirect_uri: postLogoutRedirectUri(ctx),
  }).href;
}
