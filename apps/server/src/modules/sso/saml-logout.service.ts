// SAML single logout (decisions 040, 042): the sign-out Aula starts (a LogoutRequest for the top window),
// the provider's LogoutResponse to it, and the sign-out the provider starts (its LogoutRequest).
import { verify, X509Certificate } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import { DOMParser } from '@xmldom/xmldom';
import { SAML, ValidateInResponseTo, type CacheProvider, type Profile } from '@node-saml/node-saml';
import type { Ctx } from '../../context.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { audit } from '../audit/audit.service.ts';
import { endSessionFamily } from '../auth/sessions.service.ts';
import { snapshotReads } from '../config/config.service.ts';
import { toPem } from './saml-metadata.ts';
import { MAX_RESPONSE_CHARS, serviceProvider } from './saml.service.ts';
import { loadSaml, spAddresses, spSigningKey, type LoadedSaml } from './saml-settings.service.ts';
import {
  deleteSsoSession,
  findLogoutRequest,
  findSamlSessions,
  findSsoSession,
  markLogoutRequest,
  rememberAssertion,
  takeLogoutRequest,
} from './sso.repo.ts';
import { CLOCK_SKEW_MS, REQUEST_TTL_MS } from './sso-common.ts';

/** Where the browser goes next, and how (302 back to the provider, 303 to a page here). */
export interface Redirect {
  location: string;
  status: 302 | 303;
}

const UNSPECIFIED = 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified';

/**
 * Single logout (SAML 2.0 SLO, HTTP-Redirect binding): a LogoutRequest signed with Aula's key, naming the
 * session's NameID and SessionIndex, as the address for the top window. Its ID is kept (hashed) with the
 * session for ten minutes, for the provider's LogoutResponse. Null when the provider has no single logout
 * service or the session kept no NameID: the caller then asks for a fresh sign-in next time.
 */
export async function samlLogoutUrl(ctx: Ctx, sessionId: number): Promise<string | null> {
  const { db } = ctx;
  const kept = await findSsoSession(db, ctx.schoolId, sessionId);
  if (!kept?.nameId) return null;
  const loaded = await loadSaml(snapshotReads(ctx));
  if (!loaded?.idp.sloUrl) return null;
  const { privateKeyPem } = await spSigningKey(ctx);
  const requestId = `_${newToken()}`;
  const expiresAt = new Date(ctx.clock().getTime() + REQUEST_TTL_MS);
  await markLogoutRequest(db, kept.id, hashToken(requestId), expiresAt);
  const user = {
    issuer: loaded.idp.entityId,
    nameID: kept.nameId,
    nameIDFormat: kept.nameIdFormat ?? UNSPECIFIED,
    ...(kept.nameQualifier ? { nameQualifier: kept.nameQualifier } : {}),
    ...(kept.spNameQualifier ? { spNameQualifier: kept.spNameQualifier } : {}),
    ...(kept.sessionIndex ? { sessionIndex: kept.sessionIndex } : {}),
  };
  return serviceProvider(ctx, loaded, { requestId, privateKeyPem }).getLogoutUrlAsync(user, '', {});
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
  ctx: Ctx,
  loaded: LoadedSaml,
  message: RedirectMessage,
  refuseLogout: (reason: string) => Promise<Redirect>,
): Promise<Redirect> {
  if (!loaded.idp.sloUrl) return refuseLogout('no_slo_service');
  const { privateKeyPem } = await spSigningKey(ctx);
  const sp = serviceProvider(ctx, loaded, { privateKeyPem });
  let profile: Profile | null;
  try {
    ({ profile } = await sp.validateRedirectAsync(message.values, canonicalQuery(message)));
  } catch (err) {
    const reason = logoutRefusalReason(err);
    ctx.log.warn(
      { reason, error: err instanceof Error ? err.name : typeof err },
      'saml logout request refused',
    );
    return refuseLogout(reason);
  }
  if (!profile?.nameID || typeof profile.ID !== 'string') return refuseLogout('invalid');
  if (profile.issuer !== loaded.idp.entityId) return refuseLogout('issuer');
  const now = ctx.clock();
  const { id, issueInstant } = messageHeader(message.values.SAMLRequest!);
  if (!id || id !== profile.ID || !issueInstant) return refuseLogout('invalid');
  const age = now.getTime() - issueInstant.getTime();
  if (age > MAX_LOGOUT_REQUEST_AGE_MS + CLOCK_SKEW_MS) return refuseLogout('too_old');
  if (age < -CLOCK_SKEW_MS) return refuseLogout('not_yet_valid');
  // one LogoutRequest ends sessions once: its id is remembered beside the assertion ids
  const fresh = await rememberAssertion(
    ctx.db,
    {
      schoolId: ctx.schoolId,
      issuer: loaded.idp.entityId,
      assertionId: `logout-request:${id}`,
      expiresAt: new Date(now.getTime() + LOGOUT_REQUEST_MEMORY_MS),
    },
    now,
  );
  if (!fresh) return refuseLogout('replayed');
  const indexes = typeof profile.sessionIndex === 'string' ? [profile.sessionIndex] : [];
  const kept = await findSamlSessions(ctx.db, ctx.schoolId, profile.nameID, indexes);
  let ended = 0;
  for (const row of kept) {
    ended += await endSessionFamily(ctx, row.sessionId, 'provider_logout');
    await deleteSsoSession(ctx.db, row.id);
  }
  await audit(ctx, 'sso.logout', {
    details: { provider: 'saml', via: 'idp_initiated', sessions: ended },
  });
  const url = await sp.getLogoutResponseUrlAsync(
    profile,
    message.values.RelayState ?? '',
    {},
    kept.length > 0,
  );
  return { location: url, status: 302 };
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
export async function samlSlo(ctx: Ctx, rawQuery: string): Promise<Redirect> {
  const signedOut = '/login?dialog=after-logout';
  const notConfirmed = `${signedOut}&sso=sso.logout_failed`;
  const ignore = (reason: string) => {
    ctx.log.info({ reason }, 'saml logout message ignored');
    return { location: notConfirmed, status: 303 } as const;
  };
  const refuseLogout = async (reason: string) => {
    await audit(ctx, 'sso.logout_failed', { details: { provider: 'saml', reason } });
    return { location: notConfirmed, status: 303 } as const;
  };
  const loaded = await loadSaml(snapshotReads(ctx));
  if (!loaded) return ignore('not_configured');
  const message = redirectMessage(rawQuery);
  if (!message) return ignore('no_message');
  if (message.values[message.kind]!.length > MAX_RESPONSE_CHARS) return ignore('too_large');
  // node-saml checks a redirect signature only when one is there: an unsigned message is refused here
  if (!message.values.Signature || !message.values.SigAlg) return ignore('unsigned');
  if (!signedByProvider(message, loaded.idp.certificates)) return ignore('signature');
  // a genuine message with another spliced in beside it: an attack with someone's own sign-out, on record
  if (message.duplicate) return refuseLogout('duplicate_parameter');
  if (message.kind === 'SAMLRequest') return idpLogout(ctx, loaded, message, refuseLogout);
  const now = ctx.clock();
  let asked: string | null = null;
  const logoutRequests: CacheProvider = {
    saveAsync: async () => null,
    getAsync: async (id) => {
      asked = id;
      const row = await findLogoutRequest(ctx.db, ctx.schoolId, hashToken(id), now);
      return row ? row.createdAt.toISOString() : null;
    },
    removeAsync: async () => null,
  };
  try {
    await new SAML({
      entryPoint: loaded.idp.ssoUrl,
      issuer: spAddresses(ctx).entityId,
      callbackUrl: spAddresses(ctx).acsUrl,
      idpIssuer: loaded.idp.entityId,
      idpCert: loaded.idp.certificates.map(toPem),
      validateInResponseTo: ValidateInResponseTo.always,
      cacheProvider: logoutRequests,
    }).validateRedirectAsync(message.values, canonicalQuery(message));
  } catch (err) {
    const reason = logoutRefusalReason(err);
    ctx.log.warn({ reason, error: err instanceof Error ? err.name : typeof err }, 'saml logout refused');
    return refuseLogout(reason);
  }
  if (asked === null || !(await takeLogoutRequest(ctx.db, ctx.schoolId, hashToken(asked), now)))
    return refuseLogout('in_response_to');
  await audit(ctx, 'sso.logout', { details: { provider: 'saml', via: 'single_logout', confirmed: true } });
  return { location: signedOut, status: 303 };
}
