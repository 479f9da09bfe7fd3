import { spawnSync } from 'node:child_process';
import { createPrivateKey, createPublicKey, X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { toPem } from './saml-metadata.ts';
import { makeSpKeyPair } from './sp-certificate.ts';

describe("Aula's SAML signing certificate", () => {
  const now = new Date('2026-03-01T08:00:00Z');
  const pair = makeSpKeyPair('aula.schule.example', now);
  const cert = new X509Certificate(Buffer.from(pair.certificate, 'base64'));

  it('is a self-signed certificate for the generated key, naming the school, valid for ten years', () => {
    expect(cert.subject).toBe('CN=aula.schule.example');
    expect(cert.issuer).toBe(cert.subject);
    expect(cert.verify(cert.publicKey)).toBe(true);
    expect(
      createPublicKey(createPrivateKey(pair.privateKeyPem))
        .export({ type: 'spki', format: 'der' })
        .equals(cert.publicKey.export({ type: 'spki', format: 'der' })),
    ).toBe(true);
    expect(new Date(cert.validFrom).toISOString()).toBe('2026-03-01T08:00:00.000Z');
    expect(new Date(cert.validTo).toISOString()).toBe('2036-03-01T08:00:00.000Z');
  });

  it('is read by openssl, as PHP providers read it', () => {
    const res = spawnSync('openssl', ['x509', '-noout', '-subject', '-ext', 'basicConstraints'], {
      input: toPem(pair.certificate),
    });
    expect(res.status).toBe(0);
    expect(res.stdout.toString()).toContain('CN = aula.schule.example');
  });

  it('a tampered certificate does not verify (canary)', () => {
    const der = Buffer.from(pair.certificate, 'base64');
    const at = der.indexOf(Buffer.from('aula.schule.example'));
    der[at] = 'b'.charCodeAt(0);
    expect(new X509Certificate(der).verify(cert.publicKey)).toBe(false);
  });
});
