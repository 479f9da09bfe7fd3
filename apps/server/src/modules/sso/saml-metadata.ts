import { DOMParser } from '@xmldom/xmldom';
import { X509Certificate } from 'node:crypto';
import xpath from 'xpath';
import type { SamlCertificate } from '@aula/contracts';

// Reads what Aula needs from an identity provider's SAML metadata (an EntityDescriptor): its entity id, where
// to send sign-in and logout requests (HTTP-Redirect binding) and the certificates its signatures are checked with.

export interface IdpDescriptor {
  entityId: string;
  ssoUrl: string;
  /** its single logout service (HTTP-Redirect binding); absent when it has none (or metadata from before) */
  sloUrl?: string;
  /** signing certificates as base64 DER, without PEM armour or whitespace */
  certificates: string[];
}

export class MetadataError extends Error {
  constructor(readonly reason: 'not_xml' | 'no_idp' | 'no_redirect_binding' | 'no_certificate' | 'bad_url') {
    super(`saml metadata: ${reason}`);
  }
}

const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const select = xpath.useNamespaces({
  md: 'urn:oasis:names:tc:SAML:2.0:metadata',
  ds: 'http://www.w3.org/2000/09/xmldsig#',
});

function attr(node: unknown, name: string): string {
  return (node as Element).getAttribute(name)?.trim() ?? '';
}

/** An http(s) address; http only on this machine (a provider beside Aula, the tests). */
function acceptableUrl(value: string): boolean {
  try {
    const url = new URL(value);
    if (url.username || url.password) return false;
    if (url.protocol === 'https:') return true;
    return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  } catch {
    return false;
  }
}

export function parseIdpMetadata(xml: string): IdpDescriptor {
  // no DTDs: metadata never needs one, and refusing them rules out entity tricks
  if (/<!DOCTYPE/i.test(xml)) throw new MetadataError('not_xml');
  let failed = false;
  const doc = new DOMParser({
    errorHandler: { error: () => (failed = true), fatalError: () => (failed = true) },
  }).parseFromString(xml, 'text/xml');
  if (failed || !doc?.documentElement) throw new MetadataError('not_xml');
  const descriptors = select(
    "//md:EntityDescriptor[md:IDPSSODescriptor[contains(@protocolSupportEnumeration, 'urn:oasis:names:tc:SAML:2.0:protocol')]]",
    doc as unknown as Node,
  ) as Node[];
  // an aggregate (a federation's metadata) holds many: the school pastes its own provider's
  if (descriptors.length !== 1) throw new MetadataError('no_idp');
  const entity = descriptors[0]!;
  const entityId = attr(entity, 'entityID');
  if (!entityId || entityId.length > 1000) throw new MetadataError('no_idp');
  const sso = select(
    `md:IDPSSODescriptor/md:SingleSignOnService[@Binding='${REDIRECT_BINDING}']`,
    entity,
  ) as Node[];
  if (sso.length === 0) throw new MetadataError('no_redirect_binding');
  const ssoUrl = attr(sso[0], 'Location');
  if (!acceptableUrl(ssoUrl)) throw new MetadataError('bad_url');
  const slo = select(
    `md:IDPSSODescriptor/md:SingleLogoutService[@Binding='${REDIRECT_BINDING}']`,
    entity,
  ) as Node[];
  const sloUrl = slo.length > 0 ? attr(slo[0], 'Location') : '';
  if (sloUrl && !acceptableUrl(sloUrl)) throw new MetadataError('bad_url');
  const certNodes = select(
    "md:IDPSSODescriptor/md:KeyDescriptor[not(@use) or @use='signing']//ds:X509Certificate",
    entity,
  ) as Node[];
  const certificates = [
    ...new Set(certNodes.map((n) => (n.textContent ?? '').replace(/\s+/g, '')).filter(Boolean)),
  ];
  if (certificates.length === 0) throw new MetadataError('no_certificate');
  for (const c of certificates) {
    try {
      new X509Certificate(Buffer.from(c, 'base64'));
    } catch {
      throw new MetadataError('no_certificate');
    }
  }
  return { entityId, ssoUrl, ...(sloUrl ? { sloUrl } : {}), certificates: certificates.slice(0, 5) };
}

export function toPem(base64Der: string): string {
  return `-----BEGIN CERTIFICATE-----\n${base64Der.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----\n`;
}

/** What the admin sees of a certificate: whom it names, until when it is valid, its fingerprint. */
export function describeCertificate(base64Der: string): SamlCertificate {
  const cert = new X509Certificate(Buffer.from(base64Der, 'base64'));
  return {
    subject: cert.subject.replace(/\n/g, ', '),
    notAfter: new Date(cert.validTo).toISOString(),
    fingerprint: cert.fingerprint256,
  };
}
