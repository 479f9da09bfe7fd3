import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';

// Aula's SAML signing key pair (issue 16 item 10): an RSA key and a self-signed X.509 certificate for it, made
// with node:crypto alone. Node can read certificates but not write them, so the few DER structures a
// certificate needs are written here (RFC 5280 4.1). Providers use the certificate only for its public key.

const SHA256_WITH_RSA = '1.2.840.113549.1.1.11';
const COMMON_NAME = '2.5.4.3';
const VALID_YEARS = 10;

function length(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v >>= 8) bytes.unshift(v & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

function tlv(tag: number, content: Buffer): Buffer {
  return Buffer.concat([Buffer.from([tag]), length(content.length), content]);
}

const sequence = (...parts: Buffer[]) => tlv(0x30, Buffer.concat(parts));

function integer(value: Buffer): Buffer {
  // DER integers are signed: a leading high bit needs a zero byte in front to stay positive
  return tlv(0x02, value[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), value]) : value);
}

function oid(dotted: string): Buffer {
  const [a, b, ...rest] = dotted.split('.').map(Number);
  const bytes = [a! * 40 + b!];
  for (const n of rest) {
    const chunk = [n & 0x7f];
    for (let v = n >> 7; v > 0; v >>= 7) chunk.unshift((v & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return tlv(0x06, Buffer.from(bytes));
}

function time(date: Date): Buffer {
  const iso = date.toISOString().replace(/[-:T]/g, '').slice(0, 14) + 'Z';
  // UTCTime until 2049, GeneralizedTime from 2050 on (RFC 5280 4.1.2.5)
  return date.getUTCFullYear() < 2050 ? tlv(0x17, Buffer.from(iso.slice(2))) : tlv(0x18, Buffer.from(iso));
}

function name(commonName: string): Buffer {
  return sequence(tlv(0x31, sequence(oid(COMMON_NAME), tlv(0x0c, Buffer.from(commonName, 'utf8')))));
}

export interface SpKeyPair {
  /** the certificate as base64 DER, as it goes into metadata */
  certificate: string;
  privateKeyPem: string;
}

/** A fresh 2048-bit RSA key and a self-signed certificate naming `commonName`, valid for ten years. */
export function makeSpKeyPair(commonName: string, now: Date): SpKeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const algorithm = sequence(oid(SHA256_WITH_RSA), Buffer.from([0x05, 0x00]));
  const notAfter = new Date(now);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + VALID_YEARS);
  const serial = randomBytes(16);
  serial[0]! &= 0x7f;
  const tbs = sequence(
    tlv(0xa0, integer(Buffer.from([2]))),
    integer(serial),
    algorithm,
    name(commonName),
    sequence(time(now), time(notAfter)),
    name(commonName),
    publicKey.export({ type: 'spki', format: 'der' }),
  );
  const signature = sign('sha256', tbs, privateKey);
  const der = sequence(tbs, algorithm, tlv(0x03, Buffer.concat([Buffer.from([0]), signature])));
  return {
    certificate: der.toString('base64'),
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}
