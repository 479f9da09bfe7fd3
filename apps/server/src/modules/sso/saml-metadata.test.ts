import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeKeyPair } from '../../test/saml-idp.ts';
import { describeCertificate, MetadataError, parseIdpMetadata, toPem } from './saml-metadata.ts';

// What Aula reads from an identity provider's metadata (decision 040); the integration tests read
// SimpleSAMLphp's real metadata, these the shapes a school may paste by mistake.

const dir = mkdtempSync(join(tmpdir(), 'aula-md-'));
const { certPem } = makeKeyPair(dir, 'idp', 'Schul-IdP');
rmSync(dir, { recursive: true, force: true });
const cert = certPem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');

function entity(
  id: string,
  sso = 'https://idp.schule.example/sso',
  binding = 'HTTP-Redirect',
  use = 'signing',
) {
  return `<md:EntityDescriptor entityID="${id}"><md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:KeyDescriptor use="${use}"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>
      ${cert.match(/.{1,64}/g)!.join('\n      ')}
    </ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:${binding}" Location="${sso}"/>
  </md:IDPSSODescriptor></md:EntityDescriptor>`;
}
const NS = 'xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#"';
const single = (body: string) => body.replace('<md:EntityDescriptor ', `<md:EntityDescriptor ${NS} `);

function reason(xml: string): string {
  try {
    parseIdpMetadata(xml);
    return 'accepted';
  } catch (err) {
    return err instanceof MetadataError ? err.reason : `threw ${String(err)}`;
  }
}

describe('parseIdpMetadata', () => {
  it('reads entity id, redirect address and the signing certificate (whitespace in the base64 ignored)', () => {
    expect(parseIdpMetadata(single(entity('https://idp.schule.example')))).toEqual({
      entityId: 'https://idp.schule.example',
      ssoUrl: 'https://idp.schule.example/sso',
      certificates: [cert],
    });
  });

  it('takes the one provider out of an EntitiesDescriptor, but refuses an aggregate of several', () => {
    const wrap = (inner: string) => `<md:EntitiesDescriptor ${NS}>${inner}</md:EntitiesDescriptor>`;
    expect(parseIdpMetadata(wrap(entity('https://a.example'))).entityId).toBe('https://a.example');
    expect(reason(wrap(entity('https://a.example') + entity('https://b.example')))).toBe('no_idp');
  });

  it('refuses what it cannot use', () => {
    expect(reason(single(entity('https://i.example', 'https://i.example/sso', 'HTTP-POST')))).toBe(
      'no_redirect_binding',
    );
    expect(reason(single(entity('https://i.example', 'http://idp.schule.example/sso')))).toBe('bad_url');
    expect(reason(single(entity('https://i.example', 'javascript:alert(1)')))).toBe('bad_url');
    expect(reason(single(entity('https://i.example', undefined, undefined, 'encryption')))).toBe(
      'no_certificate',
    );
    expect(reason('<md:EntityDescriptor')).toBe('not_xml');
    expect(reason(`<!DOCTYPE x><x/>`)).toBe('not_xml');
  });

  it('reads the single logout address (HTTP-Redirect) when the provider has one, and refuses a bad one', () => {
    const slo = (location: string, binding = 'HTTP-Redirect') =>
      single(entity('https://i.example')).replace(
        '</md:IDPSSODescriptor>',
        `<md:SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:${binding}" Location="${location}"/></md:IDPSSODescriptor>`,
      );
    expect(parseIdpMetadata(slo('https://i.example/slo')).sloUrl).toBe('https://i.example/slo');
    expect(parseIdpMetadata(slo('https://i.example/slo', 'HTTP-POST')).sloUrl).toBeUndefined();
    expect(reason(slo('javascript:alert(1)'))).toBe('bad_url');
  });

  it('http only on this machine, for a provider beside Aula', () => {
    expect(parseIdpMetadata(single(entity('x', 'http://127.0.0.1:8089/sso'))).ssoUrl).toBe(
      'http://127.0.0.1:8089/sso',
    );
  });
});

describe('certificates', () => {
  it('round-trips to PEM and describes subject, expiry and fingerprint', () => {
    expect(toPem(cert)).toMatch(/^-----BEGIN CERTIFICATE-----\n[\s\S]+\n-----END CERTIFICATE-----\n$/);
    const described = describeCertificate(cert);
    expect(described.subject).toBe('CN=Schul-IdP');
    expect(Date.parse(described.notAfter) - Date.now()).toBeGreaterThan(29 * 24 * 3600_000);
    expect(described.fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
  });
});
