// SAML answers as an attacker (or a misconfigured provider) would send them, for the negative sign-in tests:
// wrong audience, expired, unsigned, signed with a stranger's key, an assertion id used twice. Signed with
// xml-crypto exactly as an identity provider signs (enveloped signature, exclusive c14n, RSA-SHA256).
import { randomBytes, sign } from 'node:crypto';
import { deflateRawSync } from 'node:zlib';
import { SignedXml } from 'xml-crypto';

export interface ForgeOptions {
  idpEntityId: string;
  acsUrl: string;
  audience: string;
  inResponseTo?: string;
  /** the subject confirmation's InResponseTo; default: inResponseTo; null: none */
  subjectInResponseTo?: string | null;
  /** the subject confirmation's Recipient; default: acsUrl */
  recipient?: string;
  nameId: string;
  attributes?: Record<string, string[]>;
  assertionId?: string;
  /** the assertion's validity; defaults: from a minute ago to five minutes from now */
  notBefore?: Date;
  notOnOrAfter?: Date;
  issueInstant?: Date;
  /** when the person authenticated at the provider (AuthnStatement); default: issueInstant */
  authnInstant?: Date;
  /** which element carries a signature */
  sign: 'assertion' | 'response' | 'none';
  keyPem: string;
  certPem: string;
}

const esc = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
export const newSamlId = () => `_${randomBytes(16).toString('hex')}`;

function signed(xml: string, element: 'Assertion' | 'Response', o: ForgeOptions): string {
  const sig = new SignedXml({
    privateKey: o.keyPem,
    publicCert: o.certPem,
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  });
  sig.addReference({
    xpath: `//*[local-name(.)='${element}']`,
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
    transforms: [
      'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
      'http://www.w3.org/2001/10/xml-exc-c14n#',
    ],
  });
  sig.computeSignature(xml, {
    location: { reference: `//*[local-name(.)='${element}']/*[local-name(.)='Issuer']`, action: 'after' },
  });
  return sig.getSignedXml();
}

/** A base64 SAMLResponse as the HTTP-POST binding carries it. */
export function forgeResponse(o: ForgeOptions): string {
  const now = o.issueInstant ?? new Date();
  const notBefore = o.notBefore ?? new Date(now.getTime() - 60_000);
  const notOnOrAfter = o.notOnOrAfter ?? new Date(now.getTime() + 5 * 60_000);
  const irt = o.inResponseTo ? ` InResponseTo="${esc(o.inResponseTo)}"` : '';
  const subjectIrt = o.subjectInResponseTo === undefined ? o.inResponseTo : o.subjectInResponseTo;
  const confirmIrt = subjectIrt ? ` InResponseTo="${esc(subjectIrt)}"` : '';
  const attributes = Object.entries(o.attributes ?? {})
    .map(
      ([name, values]) =>
        `<saml:Attribute Name="${esc(name)}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:basic">${values
          .map((v) => `<saml:AttributeValue xsi:type="xs:string">${esc(v)}</saml:AttributeValue>`)
          .join('')}</saml:Attribute>`,
    )
    .join('');
  const assertion =
    `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ID="${esc(o.assertionId ?? newSamlId())}" Version="2.0" IssueInstant="${now.toISOString()}">` +
    `<saml:Issuer>${esc(o.idpEntityId)}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:2.0:nameid-format:persistent">${esc(o.nameId)}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData NotOnOrAfter="${notOnOrAfter.toISOString()}" Recipient="${esc(o.recipient ?? o.acsUrl)}"${confirmIrt}/></saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${notBefore.toISOString()}" NotOnOrAfter="${notOnOrAfter.toISOString()}"><saml:AudienceRestriction><saml:Audience>${esc(o.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${(o.authnInstant ?? now).toISOString()}" SessionIndex="${newSamlId()}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:Password</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
    (attributes ? `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>` : '') +
    `</saml:Assertion>`;
  const signedAssertion = o.sign === 'assertion' ? signed(assertion, 'Assertion', o) : assertion;
  let response =
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${newSamlId()}" Version="2.0" IssueInstant="${now.toISOString()}" Destination="${esc(o.acsUrl)}"${irt}>` +
    `<saml:Issuer>${esc(o.idpEntityId)}</saml:Issuer>` +
    `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
    signedAssertion +
    `</samlp:Response>`;
  if (o.sign === 'response') response = signed(response, 'Response', o);
  return Buffer.from(response).toString('base64');
}

/** A provider's LogoutRequest (IdP-initiated single logout), as XML. */
export function forgeLogoutRequest(o: {
  idpEntityId: string;
  destination: string;
  nameId: string;
  sessionIndex?: string;
  id?: string;
  issueInstant?: Date;
}): string {
  const index = o.sessionIndex ? `<samlp:SessionIndex>${esc(o.sessionIndex)}</samlp:SessionIndex>` : '';
  return (
    `<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${esc(o.id ?? newSamlId())}" Version="2.0" IssueInstant="${(o.issueInstant ?? new Date()).toISOString()}" Destination="${esc(o.destination)}">` +
    `<saml:Issuer>${esc(o.idpEntityId)}</saml:Issuer>` +
    `<saml:NameID Format="urn:oasis:names:tc:SAML:2.0:nameid-format:persistent">${esc(o.nameId)}</saml:NameID>` +
    index +
    `</samlp:LogoutRequest>`
  );
}

/**
 * The query of the HTTP-Redirect binding for `xml` (deflated, base64), signed with `keyPem` as the binding
 * says (RSA-SHA256 over the URL-encoded message, RelayState and SigAlg), or unsigned when keyPem is null.
 */
export function redirectQuery(
  param: 'SAMLRequest' | 'SAMLResponse',
  xml: string,
  keyPem: string | null,
  relayState?: string,
): string {
  const pieces = [`${param}=${encodeURIComponent(deflateRawSync(Buffer.from(xml)).toString('base64'))}`];
  if (relayState !== undefined) pieces.push(`RelayState=${encodeURIComponent(relayState)}`);
  if (!keyPem) return pieces.join('&');
  pieces.push(`SigAlg=${encodeURIComponent('http://www.w3.org/2001/04/xmldsig-more#rsa-sha256')}`);
  const signature = sign('sha256', Buffer.from(pieces.join('&')), keyPem).toString('base64');
  return `${pieces.join('&')}&Signature=${encodeURIComponent(signature)}`;
}
