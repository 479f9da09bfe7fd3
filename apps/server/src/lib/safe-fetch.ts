// The one guard for every server-side fetch (SECURITY.md "Content"): http(s) only, a timeout, redirects
// followed by hand and each hop checked again, and the address checked when the socket connects, so a
// host name that resolves (or later re-resolves) to a private address cannot reach the school's network.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest, type Agent as HttpsAgent } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';

export type SafeFetchFailure = 'blocked-address' | 'timeout' | 'unreachable' | 'invalid-url';

export class SafeFetchError extends Error {
  constructor(
    readonly reason: SafeFetchFailure,
    message: string,
  ) {
    super(message);
    this.name = 'SafeFetchError';
  }
}

export interface SafeFetchOptions {
  /** Host names or host:port that may be private (the school's `embed_allowed_hosts`). */
  allowedHosts?: readonly string[];
  timeoutMs: number;
  maxRedirects?: number;
  headers?: Record<string, string>;
  /** trusted roots for https instead of the system's (a test's stand-in server with its own certificate) */
  ca?: string;
  /**
   * safeFetch only: a keep-alive agent of one purpose (push delivery). Its sockets were each opened through the
   * guarded lookup (trust is per host, so a host's sockets are all guarded or all trusted).
   */
  agent?: HttpsAgent;
}

export interface SafeHeadersResponse {
  /** The address of the last hop. */
  url: string;
  status: number;
  headers: IncomingHttpHeaders;
}

const BLOCKED_CODE = 'EAULA_BLOCKED_ADDRESS';
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function parseIPv4(ip: string): number[] | null {
  const parts = ip.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p))) return null;
  const octets = parts.map(Number);
  return octets.every((o) => o <= 255) ? octets : null;
}

function parseIPv6(input: string): number[] | null {
  let ip = input.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  // a trailing dotted IPv4 (::ffff:127.0.0.1) becomes two hex groups
  const lastColon = ip.lastIndexOf(':');
  if (lastColon >= 0 && ip.slice(lastColon + 1).includes('.')) {
    const v4 = parseIPv4(ip.slice(lastColon + 1));
    if (!v4) return null;
    const hex = (hi: number, lo: number) => ((hi << 8) | lo).toString(16);
    ip = `${ip.slice(0, lastColon + 1)}${hex(v4[0]!, v4[1]!)}:${hex(v4[2]!, v4[3]!)}`;
  }
  const halves = ip.split('::');
  if (halves.length > 2) return null;
  const groups = (s: string) => (s === '' ? [] : s.split(':'));
  const head = groups(halves[0]!);
  const rest = halves.length === 2 ? groups(halves[1]!) : [];
  if (![...head, ...rest].every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return null;
  const known = head.length + rest.length;
  if (halves.length === 1 ? known !== 8 : known > 7) return null;
  const zeros = new Array<number>(8 - known).fill(0);
  return [...head, ...zeros, ...rest].map((g) => (typeof g === 'number' ? g : parseInt(g, 16)));
}

function isBlockedIPv4([a, b, c]: number[]): boolean {
  return (
    a === 0 || // "this network", 0.0.0.0
    a === 10 || // RFC 1918
    a === 127 || // loopback
    (a === 100 && (b! & 0xc0) === 64) || // CGNAT 100.64/10
    (a === 169 && b === 254) || // link-local, cloud metadata
    (a === 172 && (b! & 0xf0) === 16) || // RFC 1918
    (a === 192 && b === 168) || // RFC 1918
    (a === 192 && b === 0 && c === 0) || // IETF protocol assignments
    (a === 198 && (b! & 0xfe) === 18) || // benchmarking
    a! >= 224 // multicast, reserved, broadcast
  );
}

/**
 * Whether a server-side fetch must not connect to this address: loopback, private (RFC 1918, unique
 * local), CGNAT, link-local, multicast, unspecified and reserved, also when embedded in IPv6
 * (IPv4-mapped, IPv4-compatible, NAT64, 6to4). Anything that does not parse is blocked too.
 */
export function isBlockedAddress(ip: string): boolean {
  const v4 = parseIPv4(ip);
  if (v4) return isBlockedIPv4(v4);
  const g = parseIPv6(ip);
  if (!g) return true;
  const embedded = (hi: number, lo: number) => [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff];
  const zeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroUpTo(5) && g[5] === 0xffff) return isBlockedIPv4(embedded(g[6]!, g[7]!)); // ::ffff:a.b.c.d
  if (zeroUpTo(6)) return true; // ::, ::1 and the deprecated IPv4-compatible ::a.b.c.d
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0))
    return isBlockedIPv4(embedded(g[6]!, g[7]!)); // NAT64
  if (g[0] === 0x2002) return isBlockedIPv4(embedded(g[1]!, g[2]!)); // 6to4
  const first = g[0]!;
  return (
    (first & 0xffc0) === 0xfe80 || // link-local
    (first & 0xffc0) === 0xfec0 || // site-local (deprecated)
    (first & 0xfe00) === 0xfc00 || // unique local
    (first & 0xff00) === 0xff00 // multicast
  );
}

/** `embed_allowed_hosts`: comma-separated host names or host:port, case-insensitive. */
export function parseAllowedHosts(raw: string): string[] {
  return raw
    .split(/[,\s]+/)
    .map((h) => h.trim().toLowerCase())
    .filter((h) => h !== '');
}

export function isAllowedHost(url: URL, allowedHosts: readonly string[]): boolean {
  const host = url.hostname.toLowerCase();
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return allowedHosts.some((entry) => entry === host || entry === `${host}:${port}`);
}

function blockedError(address: string): NodeJS.ErrnoException {
  const err: NodeJS.ErrnoException = new Error(`refused to connect to ${address}`);
  err.code = BLOCKED_CODE;
  return err;
}

/** dns.lookup that refuses blocked addresses; Node calls it when the socket connects. */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
    if (err) return callback(err, '', 0);
    const blocked = addresses.find((a) => isBlockedAddress(a.address));
    if (blocked || addresses.length === 0) return callback(blockedError(blocked?.address ?? hostname), '', 0);
    if (options.all) return (callback as (e: null, a: LookupAddress[]) => void)(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

function isBlockedError(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === BLOCKED_CODE) return true;
    if (e instanceof AggregateError && e.errors.some(isBlockedError)) return true;
  }
  return false;
}

function httpUrl(value: string | URL, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    throw new SafeFetchError('invalid-url', 'not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new SafeFetchError('invalid-url', 'only http and https');
  if (url.username || url.password) throw new SafeFetchError('invalid-url', 'no credentials in URLs');
  return url;
}

function requestHeaders(
  url: URL,
  opts: SafeFetchOptions,
  signal: AbortSignal,
): Promise<{ status: number; headers: IncomingHttpHeaders }> {
  const trusted = isAllowedHost(url, opts.allowedHosts ?? []);
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  // Node does not call lookup for an IP literal, so a literal is checked here
  if (!trusted && isIP(literal) !== 0 && isBlockedAddress(literal))
    return Promise.reject(new SafeFetchError('blocked-address', `refused to connect to ${literal}`));
  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(url, {
      method: 'GET',
      headers: opts.headers,
      signal,
      // a fresh connection per hop: no pooled socket skips the check
      agent: false,
      lookup: trusted ? undefined : guardedLookup,
    });
    req.on('response', (res) => {
      resolve({ status: res.statusCode ?? 0, headers: res.headers });
      // only the headers are needed: never download the body
      res.destroy();
    });
    req.on('error', (err) => {
      if (signal.aborted) reject(new SafeFetchError('timeout', 'timed out'));
      else if (isBlockedError(err)) reject(new SafeFetchError('blocked-address', err.message));
      else reject(new SafeFetchError('unreachable', err.message));
    });
    req.end();
  });
}

/**
 * GET a URL and return the status and headers of the final answer, never its body. Throws
 * SafeFetchError: blocked-address, timeout, unreachable (also for too many redirects) or invalid-url.
 */
export async function fetchHeaders(input: string, opts: SafeFetchOptions): Promise<SafeHeadersResponse> {
  const maxRedirects = opts.maxRedirects ?? 3;
  const signal = AbortSignal.timeout(opts.timeoutMs);
  let url = httpUrl(input);
  for (let hop = 0; ; hop++) {
    const res = await requestHeaders(url, opts, signal);
    const location = res.headers.location;
    if (!REDIRECTS.has(res.status) || !location) return { url: url.href, ...res };
    if (hop >= maxRedirects) throw new SafeFetchError('unreachable', 'too many redirects');
    url = httpUrl(location, url);
  }
}

export interface SafeRequestInit {
  method?: string;
  headers?: Record<string, string> | Headers;
  body?: string | URLSearchParams | Uint8Array | null;
  signal?: AbortSignal | null;
}

/**
 * A fetch() for API calls to a trusted party's server (the school's identity provider): the same guard
 * against private addresses (unless allowed), a timeout, at most `maxBytes` of answer, and redirects never
 * followed (the caller sees a 3xx). Returns a standard Response.
 */
export async function safeFetch(
  input: string | URL,
  init: SafeRequestInit,
  opts: SafeFetchOptions & { maxBytes?: number },
): Promise<Response> {
  const url = httpUrl(input);
  const maxBytes = opts.maxBytes ?? 1024 * 1024;
  const timeout = AbortSignal.timeout(opts.timeoutMs);
  const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
  const trusted = isAllowedHost(url, opts.allowedHosts ?? []);
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (!trusted && isIP(literal) !== 0 && isBlockedAddress(literal))
    throw new SafeFetchError('blocked-address', `refused to connect to ${literal}`);
  const headers: Record<string, string> = {};
  new Headers(init.headers ?? {}).forEach((value, key) => {
    headers[key] = value;
  });
  const body =
    init.body === null || init.body === undefined
      ? undefined
      : init.body instanceof Uint8Array
        ? init.body
        : String(init.body);
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(url, {
      method: init.method ?? 'GET',
      headers,
      signal,
      agent: opts.agent ?? false,
      lookup: trusted ? undefined : guardedLookup,
      ...(opts.ca ? { ca: opts.ca } : {}),
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) {
          res.destroy();
          reject(new SafeFetchError('unreachable', 'answer too large'));
          return;
        }
        chunks.push(chunk);
      });
      res.on('end', () => {
        const out = new Headers();
        for (const [key, value] of Object.entries(res.headers)) {
          if (value === undefined) continue;
          for (const v of Array.isArray(value) ? value : [value]) out.append(key, v);
        }
        const status = res.statusCode ?? 502;
        const noBody = status === 204 || status === 304;
        resolve(new Response(noBody ? null : Buffer.concat(chunks), { status, headers: out }));
      });
      res.on('error', (err) => reject(new SafeFetchError('unreachable', err.message)));
    });
    req.on('error', (err) => {
      if (signal.aborted) reject(new SafeFetchError('timeout', 'timed out'));
      else if (isBlockedError(err)) reject(new SafeFetchError('blocked-address', err.message));
      else reject(new SafeFetchError('unreachable', err.message));
    });
    req.end(body);
  });
}

/**
 * Whether a server-side request to this URL would be refused for its address: an IP literal or a name that
 * resolves (now) to a blocked address, unless the host is allowed. A name that does not resolve now is not
 * refused here: the guard checks again at every connect.
 */
export async function isRefusedAddress(url: URL, allowedHosts: readonly string[]): Promise<boolean> {
  if (isAllowedHost(url, allowedHosts)) return false;
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal) !== 0) return isBlockedAddress(literal);
  const addresses = await new Promise<LookupAddress[]>((resolve) =>
    dnsLookup(literal, { all: true }, (err, found) => resolve(err ? [] : found)),
  );
  return addresses.some((a) => isBlockedAddress(a.address));
}
