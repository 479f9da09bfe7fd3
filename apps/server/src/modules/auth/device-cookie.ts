// OWASP "Slow down online guessing attacks with device cookies" (decision 074): a browser on which an account
// signed in before carries a signed cookie naming that account, and is then neither challenged nor locked by
// failures from other devices. The cookie holds no name or id: each account is a keyed digest of its school
// and user id, so it says nothing to anyone without the server's key, and grants nothing but that exemption.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { LOGIN_DEVICE_MAX_ACCOUNTS, LOGIN_DEVICE_TTL_MS } from '@aula/contracts';
import { purposeKey } from '../../lib/secret-box.ts';

const VERSION = 'v1';
const DIGEST_BYTES = 12;

/** A verified device cookie: this browser's id and the accounts (digests) with the time each last signed in. */
export interface DeviceCookie {
  id: string;
  accounts: { account: string; at: number }[];
}

const keys = new WeakMap<Buffer, Buffer>();
function keyOf(secretKey: Buffer): Buffer {
  let key = keys.get(secretKey);
  if (!key) keys.set(secretKey, (key = purposeKey(secretKey, 'login-device')));
  return key;
}

function mac(secretKey: Buffer, data: string): Buffer {
  return createHmac('sha256', keyOf(secretKey)).update(data).digest();
}

/** The digest that stands for one account in a cookie. */
export function accountDigest(secretKey: Buffer, schoolId: number, userId: number): string {
  return mac(secretKey, `account:${schoolId}:${userId}`).subarray(0, DIGEST_BYTES).toString('base64url');
}

/** The cookie's value, signed. */
export function sealDeviceCookie(secretKey: Buffer, cookie: DeviceCookie): string {
  const body = Buffer.from(
    JSON.stringify({ d: cookie.id, a: cookie.accounts.map((a) => [a.account, a.at]) }),
  ).toString('base64url');
  return `${VERSION}.${body}.${mac(secretKey, `${VERSION}.${body}`).toString('base64url')}`;
}

/** The cookie as sent, if it is ours, untampered and well formed; its expired accounts are left out. */
export function openDeviceCookie(
  secretKey: Buffer,
  value: string | undefined,
  now: number,
): DeviceCookie | null {
  if (!value || value.length > 4096) return null;
  const [version, body, signature, ...rest] = value.split('.');
  if (version !== VERSION || !body || !signature || rest.length) return null;
  const expected = mac(secretKey, `${version}.${body}`);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as {
      d?: unknown;
      a?: unknown;
    };
    if (typeof parsed.d !== 'string' || !Array.isArray(parsed.a)) return null;
    const accounts = parsed.a
      .filter(
        (e): e is [string, number] =>
          Array.isArray(e) && typeof e[0] === 'string' && typeof e[1] === 'number',
      )
      .filter(([, at]) => at <= now && now - at < LOGIN_DEVICE_TTL_MS)
      .map(([account, at]) => ({ account, at }));
    return { id: parsed.d, accounts };
  } catch {
    return null;
  }
}

/** The device id this cookie trusts for the account, or null. */
export function trustedDeviceFor(
  cookie: DeviceCookie | null,
  secretKey: Buffer,
  schoolId: number,
  userId: number,
): string | null {
  if (!cookie) return null;
  const digest = accountDigest(secretKey, schoolId, userId);
  return cookie.accounts.some((a) => a.account === digest) ? cookie.id : null;
}

/** After a successful sign-in: the cookie with this account added (or renewed), the oldest beyond the cap dropped. */
export function withAccount(
  cookie: DeviceCookie | null,
  secretKey: Buffer,
  schoolId: number,
  userId: number,
  now: number,
): DeviceCookie {
  const digest = accountDigest(secretKey, schoolId, userId);
  const others = (cookie?.accounts ?? []).filter((a) => a.account !== digest);
  return {
    id: cookie?.id ?? randomBytes(16).toString('base64url'),
    accounts: [{ account: digest, at: now }, ...others].slice(0, LOGIN_DEVICE_MAX_ACCOUNTS),
  };
}
