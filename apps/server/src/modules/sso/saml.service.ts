import { SAML, ValidateInResponseTo, type CacheProvider, type Profile } from '@node-saml/node-saml';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { audit } from '../audit/audit.service.ts';
import { endReplacedSession, startSession } from '../auth/sessions.service.ts';
import { snapshotReads } from '../config/config.service.ts';
import { toPem } from './saml-metadata.ts';
import { loadSaml, spAddresses, spSigningKey, type LoadedSaml } from './saml-settings.service.ts';
import {
  clearSsoIdentity,
  deleteOldSsoRequests,
  findOpenSsoRequest,
  insertSsoRequest,
  insertSsoSession,
  rememberAssertion,
  takeSsoRequest,
} from './sso.repo.ts';
import { resolveSsoUser } from './sso-accounts.service.ts';
import {
  auditRefusal,
  CLOCK_SKEW_MS,
  checkedReturnTo,
  freshnessRefusal,
  providerAuthAt,
  keepSsoRequest,
  refuse,
  REQUEST_TTL_MS,
  requestStartedAt,
  type SsoBrowser,
  type SsoRefusal,
  type SsoSignedIn,
  type SsoStarted,
} from './sso-common.ts';

// The SAML 2.0 service provider (decision 040): requests by HTTP-Redirect, answers by HTTP-POST to the
// assertion consumer service. The ACS is the one route a cross-site page may post to (SECURITY.md); it is
// guarded by the provider's signature on the assertion, the audience, the time checks, InResponseTo matched
// against a request this server started and kept, and assertion ids never accepted twice. It signs nobody in:
// it hands the checked identity to the browser that started the sign-in, which claims it with its cookie.

/** How long the checked identity waits for the browser to claim it at /saml/callback. */
const HANDOFF_TTL_MS = 2 * 60_000;
/** Assertions issued longer ago than this are refused whatever their own validity says. */
const MAX_ASSERTION_AGE_MS = 10 * 60_000;
/** Accepted assertion ids are kept this long; older assertions are refused by age anyway. */
const ASSERTION_MEMORY_MS = 24 * 3600_000;
const TRANSIENT = 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient';
/** A SAMLResponse larger than this (base64) is no school's sign-in. */
export const MAX_RESPONSE_CHARS = 1_000_000;

/** The request ids node-saml asks about: open requests of this school, looked up without taking them. */
function requestCache(ctx: Ctx): CacheProvider {
  return {
    saveAsync: async () => null,
    getAsync: async (id) => {
      const row = await findOpenSsoRequest(ctx.db, ctx.schoolId, 'saml', hashToken(id), ctx.clock());
      return row ? row.createdAt.toISOString() : null;
    },
    removeAsync: async () => null,
  };
}

export function serviceProvider(
  ctx: Ctx,
  loaded: LoadedSaml,
  opts: { requestId?: string; privateKeyPem?: string; forceAuthn?: boolean } = {},
): SAML {
  const sp = spAddresses(ctx);
  const { requestId, privateKeyPem, forceAuthn } = opts;
  return new SAML({
    entryPoint: loaded.idp.ssoUrl,
    issuer: sp.entityId,
    callbackUrl: sp.acsUrl,
    audience: sp.entityId,
    idpIssuer: loaded.idp.entityId,
    idpCert: loaded.idp.certificates.map(toPem),
    // SECURITY.md: signed assertions only; whether the envelope is signed too is the provider's choice
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    // the provider picks the name id format; a transient one needs subjectAttribute (see below)
    identifierFormat: null,
    disableRequestedAuthnContext: true,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    maxAssertionAgeMs: MAX_ASSERTION_AGE_MS,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: REQUEST_TTL_MS,
    cacheProvider: requestCache(ctx),
    ...(requestId ? { generateUniqueId: () => requestId } : {}),
    // requests are signed with Aula's key (HTTP-Redirect binding: SigAlg and Signature in the query)
    ...(privateKeyPem ? { privateKey: privateKeyPem, signatureAlgorithm: 'sha256' as const } : {}),
    ...(loaded.idp.sloUrl ? { logoutUrl: loaded.idp.sloUrl } : {}),
    forceAuthn: forceAuthn ?? false,
  });
}

export async function enabledSaml(ctx: Ctx): Promise<LoadedSaml | null> {
  const loaded = await loadSaml(snapshotReads(ctx));
  return loaded?.settings.enabled ? loaded : null;
}

/** GET /api/login/saml/metadata: Aula as a service provider, for the school to register at its provider. */
export async function spMetadata(ctx: Ctx): Promise<string> {
  const sp = spAddresses(ctx);
  const [loaded, key] = await Promise.all([loadSaml(snapshotReads(ctx)), spSigningKey(ctx)]);
  const saml = new SAML({
    issuer: sp.entityId,
    callbackUrl: sp.acsUrl,
    logoutCallbackUrl: sp.sloUrl,
    idpCert: loaded?.idp.certificates.map(toPem) ?? 'unused',
    identifierFormat: 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent',
    wantAssertionsSigned: true,
    privateKey: key.privateKeyPem,
  });
  // node-saml announces its logout service with the POST binding; Aula's takes the HTTP-Redirect one
  return saml
    .generateServiceProviderMetadata(null, key.certificate)
    .replace(
      /(<SingleLogoutService Binding="urn:oasis:names:tc:SAML:2\.0:bindings:)HTTP-POST"/,
      '$1HTTP-Redirect"',
    );
}

/** POST /api/login/saml: keeps the request on the server and answers the provider's address to go to. */
export async function startSaml(
  ctx: Ctx,
  browser: SsoBrowser,
  returnTo: string | undefined,
  fresh = false,
): Promise<SsoStarted> {
  const target = await checkedReturnTo(ctx, 'saml', returnTo);
  const loaded = await enabledSaml(ctx);
  if (!loaded) throw new AppError(404, 'sso.not_configured');
  // an XML ID must not start with a digit; base64url tokens may
  const requestId = `_${newToken()}`;
  const binding = await keepSsoRequest(ctx, { provider: 'saml', state: requestId, returnTo: target });
  // no RelayState: where to go afterwards stays on the server, so a forged RelayState leads nowhere
  const { privateKeyPem } = await spSigningKey(ctx);
  // this browser signed out of a provider that may still be signed in: ForceAuthn asks for the password again
  const url = await serviceProvider(ctx, loaded, {
    requestId,
    privateKeyPem,
    // a re-authentication (decision 079) asks for the password again too
    forceAuthn: browser.mustSignInAfresh || fresh,
  }).getAuthorizeUrlAsync('', undefined, {});
  return { url, binding };
}

/** Why node-saml refused, as a short code for the audit log (its messages may quote the assertion). */
function refusalReason(err: unknown): { code: SsoRefusal; reason: string } {
  const message = err instanceof Error ? err.message : '';
  const status = (err as { xmlStatus?: unknown }).xmlStatus;
  if (typeof status === 'string') {
    const denied = /AuthnFailed|RequestDenied|NoPassive/.test(status);
    const tail = status.split(':').pop()?.replace(/[^\w]/g, '').slice(0, 40) ?? 'status';
    return { code: denied ? 'sso.denied' : 'sso.failed', reason: `status:${tail}` };
  }
  const reasons: [RegExp, string][] = [
    [/InResponseTo/i, 'in_response_to'],
    [/signature/i, 'signature'],
    [/audience/i, 'audience'],
    // node-saml says "no valid subject confirmation" when the confirmation's time window has passed
    [/not yet valid/i, 'not_yet_valid'],
    [/expired|too old|valid subject confirmation/i, 'expired'],
    [/encrypt/i, 'encrypted'],
  ];
  const reason = reasons.find(([re]) => re.test(message))?.[1] ?? 'invalid';
  return { code: reason === 'in_response_to' ? 'sso.state_invalid' : 'sso.failed', reason };
}

function first(value: unknown): unknown {
  return Array.isArray(value) && value.length === 1 ? value[0] : value;
}

/** Common attribute names (LDAP names and their OIDs) under the claim names account creation reads. */
const ALIASES: Record<string, string[]> = {
  email: ['mail', 'email', 'urn:oid:0.9.2342.19200300.100.1.3'],
  given_name: ['givenName', 'urn:oid:2.5.4.42'],
  family_name: ['sn', 'surname', 'urn:oid:2.5.4.4'],
  name: ['displayName', 'cn', 'urn:oid:2.16.840.1.113730.3.1.241', 'urn:oid:2.5.4.3'],
  preferred_username: ['uid', 'urn:oid:0.9.2342.19200300.100.1.1'],
};

const PROFILE_FIELDS = new Set([
  'issuer',
  'sessionIndex',
  'nameID',
  'nameIDFormat',
  'nameQualifier',
  'spNameQualifier',
  'inResponseTo',
  'attributes',
  'getAssertionXml',
  'getAssertion',
  'getSamlResponseXml',
]);

/** The assertion's attributes as claims: one value as a string, more as a list, plus the usual aliases. */
export function samlClaims(profile: Profile): Record<string, unknown> {
  const claims: Record<string, unknown> = { nameID: profile.nameID };
  for (const [name, value] of Object.entries(profile)) {
    if (PROFILE_FIELDS.has(name) || typeof value === 'function') continue;
    claims[name] = first(value);
  }
  for (const [claim, names] of Object.entries(ALIASES)) {
    if (claims[claim] !== undefined) continue;
    const found = names.map((n) => claims[n]).find((v) => typeof v === 'string' && v !== '');
    if (found !== undefined) claims[claim] = found;
  }
  return claims;
}

type XmlNode = { $?: Record<string, unknown> } & Record<string, unknown>;

const BEARER = 'urn:oasis:names:tc:SAML:2.0:cm:bearer';

/**
 * What Aula reads from the signed assertion itself (node-saml's getAssertion() is the parse of the part the
 * signature covers): its id, and whether a bearer subject confirmation names this request and this ACS. The
 * Response's own InResponseTo is outside the signature when only the assertion is signed, so it is not
 * enough on its own: a signed assertion must not be re-wrapped to answer someone else's request.
 */
function assertionFacts(
  profile: Profile,
  requestId: string,
  acsUrl: string,
): { id: string | null; confirmed: boolean; authnInstant: string | null } {
  const root = profile.getAssertion?.() as { Assertion?: XmlNode } | undefined;
  const assertion = root?.Assertion;
  const id = assertion?.$?.ID;
  const subjects = (assertion?.Subject as XmlNode[] | undefined) ?? [];
  const confirmations = subjects.flatMap((sub) => (sub.SubjectConfirmation as XmlNode[] | undefined) ?? []);
  const confirmed = confirmations.some(
    (c) =>
      c.$?.Method === BEARER &&
      ((c.SubjectConfirmationData as XmlNode[] | undefined) ?? []).some(
        (d) => d.$?.InResponseTo === requestId && d.$?.Recipient === acsUrl,
      ),
  );
  // when the person authenticated at the provider: the fresh sign-in check after a sign-out (decision 042)
  const statements = (assertion?.AuthnStatement as XmlNode[] | undefined) ?? [];
  const instant = statements[0]?.$?.AuthnInstant;
  return {
    id: typeof id === 'string' && id.length <= 200 ? id : null,
    confirmed,
    authnInstant: typeof instant === 'string' && instant.length <= 40 ? instant : null,
  };
}

/**
 * POST /api/login/saml/acs (form post from the provider): checks the answer and sends the browser on to
 * /saml/callback with a one-time handle, or to the login page with the reason: answers where (303).
 */
export async function samlAcs(ctx: Ctx, body: unknown): Promise<string> {
  const toLogin = async (code: SsoRefusal | 'sso.not_configured' | 'sso.no_account', reason: string) => {
    await auditRefusal(ctx, 'saml', reason);
    return `/login?sso=${code}`;
  };
  const now = ctx.clock();
  // identities nobody claimed go as soon as they expire, whoever comes next
  await deleteOldSsoRequests(ctx.db, now);
  const loaded = await enabledSaml(ctx);
  if (!loaded) return toLogin('sso.not_configured', 'not_configured');
  const samlResponse = (body as { SAMLResponse?: unknown } | null)?.SAMLResponse;
  if (typeof samlResponse !== 'string' || samlResponse === '' || samlResponse.length > MAX_RESPONSE_CHARS)
    return toLogin('sso.failed', 'no_response');
  let profile: Profile | null;
  try {
    ({ profile } = await serviceProvider(ctx, loaded).validatePostResponseAsync({
      SAMLResponse: samlResponse,
    }));
  } catch (err) {
    const { code, reason } = refusalReason(err);
    // the reason only: node-saml's messages may quote the provider's status message or the XML
    ctx.log.warn({ reason, error: err instanceof Error ? err.name : typeof err }, 'saml refused');
    return toLogin(code, reason);
  }
  const inResponseTo = profile?.inResponseTo;
  if (!profile || typeof inResponseTo !== 'string') return toLogin('sso.state_invalid', 'in_response_to');
  // node-saml checks the signature with the provider's certificate, not who the assertion says issued it
  if (profile.issuer !== loaded.idp.entityId) return toLogin('sso.failed', 'issuer');
  const {
    id: assertionId,
    confirmed,
    authnInstant,
  } = assertionFacts(profile, inResponseTo, spAddresses(ctx).acsUrl);
  if (!confirmed) return toLogin('sso.failed', 'subject_confirmation');
  if (!assertionId) return toLogin('sso.failed', 'no_assertion_id');
  const request = await takeSsoRequest(ctx.db, ctx.schoolId, 'saml', hashToken(inResponseTo), now, false);
  if (!request) return toLogin('sso.state_invalid', 'request_used');
  const fresh = await rememberAssertion(
    ctx.db,
    {
      schoolId: ctx.schoolId,
      issuer: loaded.idp.entityId,
      assertionId,
      expiresAt: new Date(now.getTime() + ASSERTION_MEMORY_MS),
    },
    now,
  );
  if (!fresh) return toLogin('sso.failed', 'assertion_replayed');
  const claims = samlClaims(profile);
  const { subjectAttribute } = loaded.settings;
  const subject = subjectAttribute ? claims[subjectAttribute] : profile.nameID;
  if (typeof subject !== 'string' || subject === '' || subject.length > 500)
    return toLogin('sso.failed', 'no_subject');
  // a transient name id changes on every sign-in: it cannot key an account
  if (!subjectAttribute && profile.nameIDFormat === TRANSIENT)
    return toLogin('sso.failed', 'transient_name_id');
  const handoff = newToken();
  await insertSsoRequest(ctx.db, {
    schoolId: ctx.schoolId,
    provider: 'saml',
    stateHash: hashToken(handoff),
    browserHash: request.browserHash,
    returnTo: request.returnTo,
    identity: {
      issuer: loaded.idp.entityId,
      subject,
      claims,
      authnInstant,
      startedAt: requestStartedAt(request).toISOString(),
      logout: {
        nameId: profile.nameID,
        nameIdFormat: profile.nameIDFormat ?? null,
        nameQualifier: profile.nameQualifier ?? null,
        spNameQualifier: profile.spNameQualifier ?? null,
        sessionIndex: profile.sessionIndex ?? null,
      },
    },
    expiresAt: new Date(now.getTime() + HANDOFF_TTL_MS),
  });
  return `/saml/callback?state=${encodeURIComponent(handoff)}`;
}

/** POST /api/login/saml/complete: the browser that started the sign-in claims the checked identity. */
export async function completeSaml(ctx: Ctx, browser: SsoBrowser, state: string): Promise<SsoSignedIn> {
  const cookie = browser.binding;
  const now = ctx.clock();
  const handoff = await takeSsoRequest(ctx.db, ctx.schoolId, 'saml', hashToken(state), now, true);
  if (!handoff?.identity) return refuse(ctx, 'saml', 400, 'sso.state_invalid', 'state_unknown');
  await clearSsoIdentity(ctx.db, handoff.id);
  if (!cookie || hashToken(cookie) !== handoff.browserHash)
    return refuse(ctx, 'saml', 400, 'sso.state_invalid', 'other_browser');
  const loaded = await enabledSaml(ctx);
  if (!loaded) throw new AppError(404, 'sso.not_configured');
  const { issuer, subject, claims, logout, authnInstant, startedAt } = handoff.identity;
  // this browser asked for ForceAuthn: the assertion's AuthnInstant must lie after the sign-in started here
  const stale = freshnessRefusal(
    browser,
    authnInstant ? new Date(authnInstant) : null,
    new Date(startedAt ?? handoff.createdAt),
  );
  if (stale) return refuse(ctx, 'saml', 403, 'sso.not_fresh', stale);
  const user = await resolveSsoUser(
    ctx,
    { provider: 'saml', issuer, subject, claims, emailVerified: true },
    loaded.settings,
  );
  await endReplacedSession(ctx);
  const { browserSession } = await ctx.sessionSettings(ctx.schoolId);
  const grant = await startSession(ctx, {
    userId: user.id,
    browserSession,
    ssoProvider: 'saml',
    authAt: providerAuthAt(authnInstant ? new Date(authnInstant) : null, ctx.clock()),
  });
  // what a LogoutRequest names when this session signs out (single logout)
  if (logout)
    await insertSsoSession(ctx.db, {
      schoolId: ctx.schoolId,
      sessionId: grant.sessionId,
      provider: 'saml',
      ...logout,
    });
  await audit(ctx, 'login.success', { actorId: user.id, targetId: user.id, details: { method: 'saml' } });
  return { grant, returnTo: handoff.returnTo };
}
