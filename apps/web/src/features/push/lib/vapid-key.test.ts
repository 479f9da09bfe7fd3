import { describe, expect, it } from 'vitest';
import { decodeBase64Url, sameKey } from './vapid-key';

// a P-256 public key as servers hand it out (base64url, no padding): 65 bytes starting with 0x04
const KEY = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';

describe('the VAPID key (RFC 8292)', () => {
  it('decodes base64url without padding to the 65 bytes of an uncompressed point', () => {
    const bytes = decodeBase64Url(KEY);
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(4);
  });

  it('tells a subscription made with this key from one made with another (a rotation)', () => {
    expect(sameKey(decodeBase64Url(KEY).buffer, KEY)).toBe(true);
    const other = decodeBase64Url(KEY);
    other[64] = other[64]! ^ 1;
    expect(sameKey(other.buffer, KEY)).toBe(false);
    expect(sameKey(new Uint8Array(64).buffer, KEY)).toBe(false);
    expect(sameKey(null, KEY)).toBe(false);
  });
});
