import type { FastifyReply, FastifyRequest } from 'fastify';
import { verify, X509Certificate } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import { DOMParser } from '@xmldom/xmldom';
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
  CLOCK_SKEW_MS,
  checkedReturnTo,
  freshnessRefusal,
  freshSignInDone,
  keepSsoRequest,
  refuse,
  REQUEST_TTL_MS,
  requestStartedAt,
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
  const {
    id: assertionId,
    confirmed,
    authnInstant,
  } = assertionFacts(profile, inResponseTo, spAddresses(req).acsUrl);
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
  const { issuer, subject, claims, logout, authnInstant, startedAt } = handoff.identity;
  // this browser asked for ForceAuthn: the assertion's AuthnInstant must lie after the sign-in started here
  const stale = freshnessRefusal(
    req,
    authnInstant ? new Date(authnInstant) : null,
    new Date(startedAt ?? handoff.createdAt),
  );
  if (stale) return refuse(req, 'saml', 403, 'sso.not_fresh', stale);
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
    [/expired|not yet valid/i, 'expired'],
  ];
  return reasons.find(([re]) => re.test(message))?.[1] ?? 'invalid';
}

/** The parameters of the HTTP-Redirect binding (SAML 2.0 Bindings 3.4.4). */
const REDIRECT_KEYS = ['SAMLRequest', 'SAMLResponse', 'RelayState', 'SigAlg', 'Signature'] as const;
type RedirectKey = (typeof REDIRECT_KEYS)[number];

/** Redirect signatures Aula accepts (RSA with SHA-2; SHA-1 is not accepted). */
const REDIRECT_SIG_ALGS: Record<string, string> = {
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256': 'sha256',
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha384': 'sha384',
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha512': 'sha512',
};

interface RedirectMessage {
  kind: 'SAMLRequest' | 'SAMLResponse';
  /** each parameter exactly as it arrived (name=value, still URL-encoded), the first of its name */
  raw: Partial<Record<RedirectKey, string>>;
  /** the same, decoded */
  values: Partial<Record<RedirectKey, string>>;
  /** a binding parameter appeared more than once (a signed message with another one spliced in) */
  duplicate: boolean;
}

/**
 * Reads the binding's parameters from the raw query, piece by piece as they arrived. A name that appears
 * twice is noted: the signature covers one piece, and nothing may read another (review finding 1: node-saml
 * checks the first SAMLRequest piece while URLSearchParams keeps the last). Null without exactly one message.
 */
function redirectMessage(rawQuery: string): RedirectMessage | null {
  const raw: Partial<Record<RedirectKey, string>> = {};
  const values: Partial<Record<RedirectKey, string>> = {};
  let duplicate = false;
  for (const piece of rawQuery.split('&')) {
    const [[name, value] = []] = new URLSearchParams(piece);
    if (name === undefined || value === undefined) continue;
    const key = REDIRECT_KEYS.find((k) => k === name);
    if (!key) continue;
    if (raw[key] !== undefined) {
      duplicate = true;
      continue;
    }
    raw[key] = piece;
    values[key] = value;
  }
  if (!values.SAMLRequest === !values.SAMLResponse) return null;
  return { kind: values.SAMLRequest ? 'SAMLRequest' : 'SAMLResponse', raw, values, duplicate };
}

/**
 * Whether the provider signed exactly these pieces: the message, RelayState when given, and SigAlg, as they
 * arrived (the binding signs the URL-encoded text), checked with the certificates from its metadata.
 */
function signedByProvider(message: RedirectMessage, certificates: readonly string[]): boolean {
  const { raw, values, kind } = message;
  const hash = REDIRECT_SIG_ALGS[values.SigAlg ?? ''];
  if (!hash || !values.Signature || !raw.SigAlg) return false;
  const signedText = Buffer.from([raw[kind], raw.RelayState, raw.SigAlg].filter(Boolean).join('&'));
  const signature = Buffer.from(values.Signature, 'base64');
  return certificates.some((cert) => {
    try {
      return verify(hash, signedText, new X509Certificate(toPem(cert)).publicKey, signature);
    } catch {
      return false;
    }
  });
}

/** The signed pieces alone, in the binding's order: all that node-saml is given to read. */
function canonicalQuery(message: RedirectMessage): string {
  const { raw, kind } = message;
  return [raw[kind], raw.RelayState, raw.SigAlg, raw.Signature].filter(Boolean).join('&');
}

/** The root element's ID and IssueInstant of a deflated, base64 SAML message (already signature-checked). */
function messageHeader(deflated: string): { id: string | null; issueInstant: Date | null } {
  let xml: string;
  try {
    xml = inflateRawSync(Buffer.from(deflated, 'base64'), { maxOutputLength: MAX_RESPONSE_CHARS }).toString();
  } catch {
    return { id: null, issueInstant: null };
  }
  let failed = false;
  const doc = /<!DOCTYPE/i.test(xml)
    ? null
    : new DOMParser({
        errorHandler: { error: () => (failed = true), fatalError: () => (failed = true) },
      }).parseFromString(xml, 'text/xml');
  const root = failed ? null : doc?.documentElement;
  const id = root?.getAttribute('ID') ?? '';
  const instant = root?.getAttribute('IssueInstant') ?? '';
  const issueInstant = instant ? new Date(instant) : null;
  return {
    id: id && id.length <= 200 ? id : null,
    issueInstant: issueInstant && !Number.isNaN(issueInstant.getTime()) ? issueInstant : null,
  };
}

/** A provider's LogoutRequest issued longer ago than this is refused: it is a replay, or lost in transit. */
const MAX_LOGOUT_REQUEST_AGE_MS = 5 * 60_000;
/** LogoutRequest ids are remembered this long; older requests are refused by age anyway. */
const LOGOUT_REQUEST_MEMORY_MS = 3600_000;

/**
 * The provider signs the person out everywhere (IdP-initiated single logout, another service started it): its
 * LogoutRequest must be signed by the provider (checked before this runs), come from its entity id, be
 * issued within the last five minutes and not seen before; the Aula sessions it names (NameID, and
 * SessionIndex when given) end, and the browser goes back to the provider with Aula's signed
 * LogoutResponse, Success (or a failure status when it named no session here).
 */
async function idpLogout(
  req: FastifyRequest,
  reply: FastifyReply,
  loaded: LoadedSaml,
  message: RedirectMessage,
  refuseLogout: (reason: string) => Promise<FastifyReply>,
): Promise<FastifyReply> {
  if (!loaded.idp.sloUrl) return refuseLogout('no_slo_service');
  const { privateKeyPem } = await spSigningKey(req);
  const sp = serviceProvider(req, loaded, { privateKeyPem });
  let profile: Profile | null;
  try {
    ({ profile } = await sp.validateRedirectAsync(message.values, canonicalQuery(message)));
  } catch (err) {
    const reason = logoutRefusalReason(err);
    req.log.warn(
      { reason, error: err instanceof Error ? err.name : typeof err },
      'saml logout request refused',
    );
    return refuseLogout(reason);
  }
  if (!profile?.nameID || typeof profile.ID !== 'string') return refuseLogout('invalid');
  if (profile.issuer !== loaded.idp.entityId) return refuseLogout('issuer');
  const now = req.server.clock();
  const { id, issueInstant } = messageHeader(message.values.SAMLRequest!);
  if (!id || id !== profile.ID || !issueInstant) return refuseLogout('invalid');
  const age = now.getTime() - issueInstant.getTime();
  if (age > MAX_LOGOUT_REQUEST_AGE_MS + CLOCK_SKEW_MS) return refuseLogout('too_old');
  if (age < -CLOCK_SKEW_MS) return refuseLogout('not_yet_valid');
  // one LogoutRequest ends sessions once: its id is remembered beside the assertion ids
  const fresh = await rememberAssertion(
    req.server.db,
    {
      schoolId: req.schoolId,
      issuer: loaded.idp.entityId,
      assertionId: `logout-request:${id}`,
      expiresAt: new Date(now.getTime() + LOGOUT_REQUEST_MEMORY_MS),
    },
    now,
  );
  if (!fresh) return refuseLogout('replayed');
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
  const url = await sp.getLogoutResponseUrlAsync(
    profile,
    message.values.RelayState ?? '',
    {},
    kept.length > 0,
  );
  return reply.redirect(url, 302);
}

/**
 * GET /api/login/saml/slo: the provider's LogoutResponse, or its own LogoutRequest (HTTP-Redirect binding).
 * Only a message signed by the provider counts, and only its signed pieces are read. A LogoutResponse must
 * come from the provider's entity id, say Success and answer a LogoutRequest this server sent (once). Then
 * the browser lands on the login page's "signed out" dialog; otherwise on the same dialog with the message
 * that the provider did not confirm (the sign-out already asked for a fresh sign-in next time). What the
 * provider did not sign is nobody's sign-out: it is neither audited nor answered with a cookie, so that
 * anyone's requests cannot fill the audit log (review finding 9).
 */
export async function samlSlo(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const signedOut = '/login?dialog=after-logout';
  const notConfirmed = `${signedOut}&sso=sso.logout_failed`;
  const ignore = (reason: string) => {
    req.log.info({ reason }, 'saml logout message ignored');
    return reply.redirect(notConfirmed, 303);
  };
  const refuseLogout = async (reason: string) => {
    await audit(req, 'sso.logout_failed', { details: { provider: 'saml', reason } });
    return reply.redirect(notConfirmed, 303);
  };
  const loaded = await loadSaml(req.server.db, req.schoolId);
  if (!loaded) return ignore('not_configured');
  const message = redirectMessage(req.url.split('?')[1] ?? '');
  if (!message) return ignore('no_message');
  if (message.values[message.kind]!.length > MAX_RESPONSE_CHARS) return ignore('too_large');
  // node-saml checks a redirect signature only when one is there: an unsigned message is refused here
  if (!message.values.Signature || !message.values.SigAlg) return ignore('unsigned');
  if (!signedByProvider(message, loaded.idp.certificates)) return ignore('signature');
  // a genuine message with another spliced in beside it: an attack with someone's own sign-out, on record
  if (message.duplicate) return refuseLogout('duplicate_parameter');
  if (message.kind === 'SAMLRequest') return idpLogout(req, reply, loaded, message, refuseLogout);
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
    }).validateRedirectAsync(message.values, canonicalQuery(message));
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
