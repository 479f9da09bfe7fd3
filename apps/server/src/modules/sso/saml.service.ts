import type { FastifyReply, FastifyRequest } from 'fastify';
import { SAML, ValidateInResponseTo, type CacheProvider, type Profile } from '@node-saml/node-saml';
import type { SsoSessionResult, SsoStartResult } from '@aula/contracts';
import { AppError } from '../../lib/app-error.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { audit } from '../audit/audit.service.ts';
import { endReplacedSession, endSessionFamily, startSessionWithId } from '../auth/auth.service.ts';
import { toPem } from './saml-metadata.ts';
import { loadSaml, spAddresses, spSigningKey, type LoadedSaml } from './saml-settings.service.ts';
import {
  clearSsoIdentity,
  deleteOldSsoRequests,
  deleteSsoSession,
  findSamlSessions,
  findLogoutRequest,
  findOpenSsoRequest,
  findSsoSession,
  insertSsoRequest,
  insertSsoSession,
  markLogoutRequest,
  rememberAssertion,
  takeLogoutRequest,
  takeSsoRequest,
} from './sso.repo.ts';
import { resolveSsoUser } from './sso-accounts.service.ts';
import {
  auditRefusal,
  checkedReturnTo,
  freshSignInDone,
  keepSsoRequest,
  refuse,
  REQUEST_TTL_MS,
  requireFreshSignIn,
  takeBrowserCookie,
  wantsFreshSignIn,
  type SsoRefusal,
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
/** Clocks of schools' servers drift; a minute either way is accepted. */
const CLOCK_SKEW_MS = 60_000;
/** Accepted assertion ids are kept this long; older assertions are refused by age anyway. */
const ASSERTION_MEMORY_MS = 24 * 3600_000;
const TRANSIENT = 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient';
/** A SAMLResponse larger than this (base64) is no school's sign-in. */
const MAX_RESPONSE_CHARS = 1_000_000;

/** The request ids node-saml asks about: open requests of this school, looked up without taking them. */
function requestCache(req: FastifyRequest): CacheProvider {
  return {
    saveAsync: async () => null,
    getAsync: async (id) => {
      const row = await findOpenSsoRequest(
        req.server.db,
        req.schoolId,
        'saml',
        hashToken(id),
        req.server.clock(),
      );
      return row ? row.createdAt.toISOString() : null;
    },
    removeAsync: async () => null,
  };
}

function serviceProvider(
  req: FastifyRequest,
  loaded: LoadedSaml,
  opts: { requestId?: string; privateKeyPem?: string; forceAuthn?: boolean } = {},
): SAML {
  const sp = spAddresses(req);
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
    cacheProvider: requestCache(req),
    ...(requestId ? { generateUniqueId: () => requestId } : {}),
    // requests are signed with Aula's key (HTTP-Redirect binding: SigAlg and Signature in the query)
    ...(privateKeyPem ? { privateKey: privateKeyPem, signatureAlgorithm: 'sha256' as const } : {}),
    ...(loaded.idp.sloUrl ? { logoutUrl: loaded.idp.sloUrl } : {}),
    forceAuthn: forceAuthn ?? false,
  });
}

export async function enabledSaml(req: FastifyRequest): Promise<LoadedSaml | null> {
  const loaded = await loadSaml(req.server.db, req.schoolId);
  return loaded?.settings.enabled ? loaded : null;
}

/** GET /api/login/saml/metadata: Aula as a service provider, for the school to register at its provider. */
export async function spMetadata(req: FastifyRequest): Promise<string> {
  const sp = spAddresses(req);
  const [loaded, key] = await Promise.all([loadSaml(req.server.db, req.schoolId), spSigningKey(req)]);
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
  req: FastifyRequest,
  reply: FastifyReply,
  returnTo: string | undefined,
): Promise<SsoStartResult> {
  const target = await checkedReturnTo(req, 'saml', returnTo);
  const loaded = await enabledSaml(req);
  if (!loaded) throw new AppError(404, 'sso.not_configured');
  // an XML ID must not start with a digit; base64url tokens may
  const requestId = `_${newToken()}`;
  await keepSsoRequest(req, reply, { provider: 'saml', state: requestId, returnTo: target });
  // no RelayState: where to go afterwards stays on the server, so a forged RelayState leads nowhere
  const { privateKeyPem } = await spSigningKey(req);
  // this browser signed out of a provider that may still be signed in: ForceAuthn asks for the password again
  const url = await serviceProvider(req, loaded, {
    requestId,
    privateKeyPem,
    forceAuthn: wantsFreshSignIn(req),
  }).getAuthorizeUrlAsync('', undefined, {});
  return { url };
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
): { id: string | null; confirmed: boolean } {
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
  return { id: typeof id === 'string' && id.length <= 200 ? id : null, confirmed };
}

/**
 * POST /api/login/saml/acs (form post from the provider): checks the answer and sends the browser on to
 * /saml/callback with a one-time handle, or to the login page with the reason.
 */
export async function samlAcs(
  req: FastifyRequest,
  reply: FastifyReply,
  body: unknown,
): Promise<FastifyReply> {
  const toLogin = async (code: SsoRefusal | 'sso.not_configured' | 'sso.no_account', reason: string) => {
    await auditRefusal(req, 'saml', reason);
    return reply.redirect(`/login?sso=${code}`, 303);
  };
  const now = req.server.clock();
  // identities nobody claimed go as soon as they expire, whoever comes next
  await deleteOldSsoRequests(req.server.db, now);
  const loaded = await enabledSaml(req);
  if (!loaded) return toLogin('sso.not_configured', 'not_configured');
  const samlResponse = (body as { SAMLResponse?: unknown } | null)?.SAMLResponse;
  if (typeof samlResponse !== 'string' || samlResponse === '' || samlResponse.length > MAX_RESPONSE_CHARS)
    return toLogin('sso.failed', 'no_response');
  let profile: Profile | null;
  try {
    ({ profile } = await serviceProvider(req, loaded).validatePostResponseAsync({
      SAMLResponse: samlResponse,
    }));
  } catch (err) {
    const { code, reason } = refusalReason(err);
    // the reason only: node-saml's messages may quote the provider's status message or the XML
    req.log.warn({ reason, error: err instanceof Error ? err.name : typeof err }, 'saml refused');
    return toLogin(code, reason);
  }
  const inResponseTo = profile?.inResponseTo;
  if (!profile || typeof inResponseTo !== 'string') return toLogin('sso.state_invalid', 'in_response_to');
  // node-saml checks the signature with the provider's certificate, not who the assertion says issued it
  if (profile.issuer !== loaded.idp.entityId) return toLogin('sso.failed', 'issuer');
  const { id: assertionId, confirmed } = assertionFacts(profile, inResponseTo, spAddresses(req).acsUrl);
  if (!confirmed) return toLogin('sso.failed', 'subject_confirmation');
  if (!assertionId) return toLogin('sso.failed', 'no_assertion_id');
  const request = await takeSsoRequest(
    req.server.db,
    req.schoolId,
    'saml',
    hashToken(inResponseTo),
    now,
    false,
  );
  if (!request) return toLogin('sso.state_invalid', 'request_used');
  const fresh = await rememberAssertion(
    req.server.db,
    {
      schoolId: req.schoolId,
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
  await insertSsoRequest(req.server.db, {
    schoolId: req.schoolId,
    provider: 'saml',
    stateHash: hashToken(handoff),
    browserHash: request.browserHash,
    returnTo: request.returnTo,
    identity: {
      issuer: loaded.idp.entityId,
      subject,
      claims,
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
  return reply.redirect(`/saml/callback?state=${encodeURIComponent(handoff)}`, 303);
}

/** POST /api/login/saml/complete: the browser that started the sign-in claims the checked identity. */
export async function completeSaml(
  req: FastifyRequest,
  reply: FastifyReply,
  state: string,
): Promise<SsoSessionResult> {
  const cookie = takeBrowserCookie(req, reply);
  const now = req.server.clock();
  const handoff = await takeSsoRequest(req.server.db, req.schoolId, 'saml', hashToken(state), now, true);
  if (!handoff?.identity) return refuse(req, 'saml', 400, 'sso.state_invalid', 'state_unknown');
  await clearSsoIdentity(req.server.db, handoff.id);
  if (!cookie || hashToken(cookie) !== handoff.browserHash)
    return refuse(req, 'saml', 400, 'sso.state_invalid', 'other_browser');
  const loaded = await enabledSaml(req);
  if (!loaded) throw new AppError(404, 'sso.not_configured');
  const { issuer, subject, claims, logout } = handoff.identity;
  const user = await resolveSsoUser(
    req,
    { provider: 'saml', issuer, subject, claims, emailVerified: true },
    loaded.settings,
  );
  await endReplacedSession(req);
  const { browserSession } = await req.server.sessionSettings(req.schoolId);
  const { sessionId, result } = await startSessionWithId(req, reply, {
    userId: user.id,
    browserSession,
    ssoProvider: 'saml',
  });
  // what a LogoutRequest names when this session signs out (single logout)
  if (logout)
    await insertSsoSession(req.server.db, { schoolId: req.schoolId, sessionId, provider: 'saml', ...logout });
  freshSignInDone(req, reply);
  await audit(req, 'login.success', { actorId: user.id, targetId: user.id, details: { method: 'saml' } });
  return { ...result, returnTo: handoff.returnTo };
}

const UNSPECIFIED = 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified';

/**
 * Single logout (SAML 2.0 SLO, HTTP-Redirect binding): a LogoutRequest signed with Aula's key, naming the
 * session's NameID and SessionIndex, as the address for the top window. Its ID is kept (hashed) with the
 * session for ten minutes, for the provider's LogoutResponse. Null when the provider has no single logout
 * service or the session kept no NameID: the caller then asks for a fresh sign-in next time.
 */
export async function samlLogoutUrl(req: FastifyRequest, sessionId: number): Promise<string | null> {
  const { db } = req.server;
  const kept = await findSsoSession(db, req.schoolId, sessionId);
  if (!kept?.nameId) return null;
  const loaded = await loadSaml(db, req.schoolId);
  if (!loaded?.idp.sloUrl) return null;
  const { privateKeyPem } = await spSigningKey(req);
  const requestId = `_${newToken()}`;
  const expiresAt = new Date(req.server.clock().getTime() + REQUEST_TTL_MS);
  await markLogoutRequest(db, kept.id, hashToken(requestId), expiresAt);
  const user = {
    issuer: loaded.idp.entityId,
    nameID: kept.nameId,
    nameIDFormat: kept.nameIdFormat ?? UNSPECIFIED,
    ...(kept.nameQualifier ? { nameQualifier: kept.nameQualifier } : {}),
    ...(kept.spNameQualifier ? { spNameQualifier: kept.spNameQualifier } : {}),
    ...(kept.sessionIndex ? { sessionIndex: kept.sessionIndex } : {}),
  };
  return serviceProvider(req, loaded, { requestId, privateKeyPem }).getLogoutUrlAsync(user, '', {});
}

/** Why a LogoutResponse was refused, as a short code for the audit log. */
function logoutRefusalReason(err: unknown): string {
  const message = err instanceof Error ? err.message : '';
  const reasons: [RegExp, string][] = [
    [/InResponseTo/i, 'in_response_to'],
    [/signature/i, 'signature'],
    [/issuer/i, 'issuer'],
    [/status code/i, 'status'],
  ];
  return reasons.find(([re]) => re.test(message))?.[1] ?? 'invalid';
}

/**
 * The provider signs the person out everywhere (IdP-initiated single logout, another service started it): its
 * LogoutRequest must be signed by the provider and come from its entity id; the Aula sessions it names (NameID,
 * and SessionIndex when given) end, and the browser goes back to the provider with Aula's signed
 * LogoutResponse, Success (or a failure status when it named no session here).
 */
async function idpLogout(
  req: FastifyRequest,
  reply: FastifyReply,
  loaded: LoadedSaml,
  params: Record<string, string>,
  rawQuery: string,
  refuseLogout: (reason: string) => Promise<FastifyReply>,
): Promise<FastifyReply> {
  if (!loaded.idp.sloUrl) return refuseLogout('no_slo_service');
  if ((params.SAMLRequest ?? '').length > MAX_RESPONSE_CHARS) return refuseLogout('no_request');
  if (!params.Signature || !params.SigAlg) return refuseLogout('unsigned');
  const { privateKeyPem } = await spSigningKey(req);
  const sp = serviceProvider(req, loaded, { privateKeyPem });
  let profile: Profile | null;
  try {
    ({ profile } = await sp.validateRedirectAsync(params, rawQuery));
  } catch (err) {
    const reason = logoutRefusalReason(err);
    req.log.warn(
      { reason, error: err instanceof Error ? err.name : typeof err },
      'saml logout request refused',
    );
    return refuseLogout(reason);
  }
  if (!profile?.nameID || typeof profile.ID !== 'string') return refuseLogout('invalid');
  const indexes = typeof profile.sessionIndex === 'string' ? [profile.sessionIndex] : [];
  const kept = await findSamlSessions(req.server.db, req.schoolId, profile.nameID, indexes);
  let ended = 0;
  for (const row of kept) {
    ended += await endSessionFamily(req, row.sessionId, 'provider_logout');
    await deleteSsoSession(req.server.db, row.id);
  }
  await audit(req, 'sso.logout', {
    details: { provider: 'saml', via: 'idp_initiated', sessions: ended },
  });
  const relayState = typeof params.RelayState === 'string' ? params.RelayState : '';
  const url = await sp.getLogoutResponseUrlAsync(profile, relayState, {}, kept.length > 0);
  return reply.redirect(url, 302);
}

/**
 * GET /api/login/saml/slo: the provider's LogoutResponse (HTTP-Redirect binding). It must be signed by the
 * provider, come from its entity id, say Success and answer a LogoutRequest this server sent (once). Then
 * the browser lands on the login page's "signed out" dialog; otherwise on the same dialog with the message
 * that the provider did not confirm, and this browser's next sign-in there asks for the password again.
 */
export async function samlSlo(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const signedOut = '/login?dialog=after-logout';
  const refuseLogout = async (reason: string) => {
    requireFreshSignIn(req, reply);
    await audit(req, 'sso.logout_failed', { details: { provider: 'saml', reason } });
    return reply.redirect(`${signedOut}&sso=sso.logout_failed`, 303);
  };
  const rawQuery = req.url.split('?')[1] ?? '';
  const params = Object.fromEntries(new URLSearchParams(rawQuery));
  const loaded = await loadSaml(req.server.db, req.schoolId);
  if (!loaded) return refuseLogout('not_configured');
  if (params.SAMLRequest) return idpLogout(req, reply, loaded, params, rawQuery, refuseLogout);
  if (!params.SAMLResponse || params.SAMLResponse.length > MAX_RESPONSE_CHARS)
    return refuseLogout('no_response');
  // node-saml checks a redirect signature only when one is there: an unsigned answer is refused here
  if (!params.Signature || !params.SigAlg) return refuseLogout('unsigned');
  const now = req.server.clock();
  let asked: string | null = null;
  const logoutRequests: CacheProvider = {
    saveAsync: async () => null,
    getAsync: async (id) => {
      asked = id;
      const row = await findLogoutRequest(req.server.db, req.schoolId, hashToken(id), now);
      return row ? row.createdAt.toISOString() : null;
    },
    removeAsync: async () => null,
  };
  try {
    await new SAML({
      entryPoint: loaded.idp.ssoUrl,
      issuer: spAddresses(req).entityId,
      callbackUrl: spAddresses(req).acsUrl,
      idpIssuer: loaded.idp.entityId,
      idpCert: loaded.idp.certificates.map(toPem),
      validateInResponseTo: ValidateInResponseTo.always,
      cacheProvider: logoutRequests,
    }).validateRedirectAsync(params, rawQuery);
  } catch (err) {
    const reason = logoutRefusalReason(err);
    req.log.warn({ reason, error: err instanceof Error ? err.name : typeof err }, 'saml logout refused');
    return refuseLogout(reason);
  }
  if (asked === null || !(await takeLogoutRequest(req.server.db, req.schoolId, hashToken(asked), now)))
    return refuseLogout('in_response_to');
  await audit(req, 'sso.logout', { details: { provider: 'saml', via: 'single_logout', confirmed: true } });
  return reply.redirect(signedOut, 303);
}
