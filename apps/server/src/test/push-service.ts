// A stand-in browser push service on loopback, written to the published protocols: Web Push (RFC 8030) over
// HTTPS with its own self-signed certificate, VAPID (RFC 8292) checked on every request (ES256 signature with
// the `k` key, `aud` the service's origin, `exp` in the future and at most 24 h away, `sub` a mailto: or https:
// contact, and `k` the key the subscription was made with, as browsers' push services bind them), and every
// payload decrypted with the subscription's own keys (RFC 8291, aes128gcm). It hands out subscriptions as a
// browser's PushSubscription.toJSON() and can be told to answer 201, 404, 410, 429 (with Retry-After) or 500
// per endpoint or for the next requests, or to hold requests unanswered. Tests, the e2e journeys and the bench
// use it; nothing here is Aula's code.
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import type { StandIn, StartStandIn } from './stand-in.ts';

// http_ece (the reference implementation of RFC 8188) ships no types: the one call made here
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string }): Buffer;
};

/** The browser side of one subscription: PushSubscription.toJSON(). */
export interface StandInSubscription {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

/** A push the service accepted: decrypted, with the VAPID claims and headers it came with. */
export interface ReceivedPush {
  endpoint: string;
  /** the decrypted payload, parsed as JSON (Aula always sends JSON) */
  payload: unknown;
  claims: { aud: string; exp: number; sub: string };
  /** the VAPID public key (k) */
  vapidKey: string;
  ttl: number;
  /** when it arrived (real time, ms) */
  at: number;
}

/** Every request, in order, with what the service answered (0: held, then abandoned by the sender). */
export interface PushRequestRecord {
  endpoint: string;
  status: number;
  /** why a request was refused by the service's own checks (bad JWT, undecryptable), else null */
  error: string | null;
}

export interface Answer {
  status: 201 | 400 | 403 | 404 | 410 | 413 | 429 | 500 | 503;
  /** Retry-After in seconds, or as written (an HTTP date, a malformed value) (429, 503) */
  retryAfter?: number | string;
}

export interface PushServiceStandIn extends StandIn<PushRequestRecord> {
  /** the service's origin, e.g. https://127.0.0.1:41234 (also its `url`) */
  origin: string;
  /** host:port, for the app's push allow-list */
  host: string;
  /** the certificate (PEM) a client must trust */
  ca: string;
  /** what the app needs to reach it: buildApp({ push: standIn.appOptions }) */
  appOptions: { allowedHosts: string[]; ca: string };
  /** a new subscription, as a browser would get it; bound to this VAPID public key when given */
  subscribe(applicationServerKey?: string): StandInSubscription;
  /** the device unsubscribed: the endpoint now answers 410 */
  forget(endpoint: string): void;
  /** answer this endpoint so from now on (null: back to normal) */
  answer(endpoint: string, answer: Answer | null): void;
  /** answer the next `count` requests (any endpoint) so, before any per-endpoint answer */
  answerNext(count: number, answer: Answer): void;
  /** keep requests to this endpoint unanswered until released */
  hold(endpoint: string): void;
  /** answers the held requests (201 unless told) and stops holding */
  release(endpoint: string, answer?: Answer): void;
  /** resolves when a request to this endpoint is being held */
  held(endpoint: string): Promise<void>;
  /** resolves when the sender gave up a held request to this endpoint (closed the connection) */
  abandoned(endpoint: string): Promise<void>;
  /** accepted pushes, oldest first (of one endpoint when given) */
  received(endpoint?: string): ReceivedPush[];
  /** resolves once `count` pushes in total have been accepted */
  waitForReceived(count: number): Promise<void>;
  /** every request, oldest first */
  requests: PushRequestRecord[];
  /** forgets what was received and every request record */
  reset(): void;
  close(): Promise<void>;
}

let certificate: { key: string; cert: string } | undefined;

/** One self-signed P-256 certificate per process for 127.0.0.1 and localhost, made with openssl. */
function loopbackCertificate(): { key: string; cert: string } {
  if (certificate) return certificate;
  const dir = mkdtempSync(join(tmpdir(), 'aula-push-cert-'));
  try {
    const res = spawnSync('openssl', [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-sha256',
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ]);
    if (res.status !== 0) throw new Error(`openssl failed: ${res.stderr.toString()}`);
    certificate = {
      key: readFileSync(join(dir, 'key.pem'), 'utf8'),
      cert: readFileSync(join(dir, 'cert.pem'), 'utf8'),
    };
    return certificate;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

interface Device {
  ecdh: ECDH;
  auth: string;
  applicationServerKey: string | null;
  gone: boolean;
}

/** What the service answers, its own refusals (400, 401, 403, 415) included; status 0: the sender gave up. */
type Reply = { status: number; retryAfter?: number | string };

const MAX_JWT_LIFETIME_S = 24 * 60 * 60;

/** RFC 8292: checks the Authorization header; answers the claims and key, or why it is refused. */
function checkVapid(
  authorization: string | undefined,
  origin: string,
  nowMs: number,
): { claims: ReceivedPush['claims']; key: string } | string {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) return 'no vapid authorization';
  const [, jwt, key] = match as unknown as [string, string, string];
  const parts = jwt.split('.');
  if (parts.length !== 3) return 'malformed token';
  const [head, body, signature] = parts as [string, string, string];
  let header: { alg?: string };
  let claims: { aud?: unknown; exp?: unknown; sub?: unknown };
  try {
    header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8'));
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return 'token is not JSON';
  }
  if (header.alg !== 'ES256') return 'not ES256';
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) return 'k is not an uncompressed P-256 point';
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) return 'bad signature';
  if (claims.aud !== origin) return `aud ${String(claims.aud)} is not ${origin}`;
  const now = Math.floor(nowMs / 1000);
  if (typeof claims.exp !== 'number' || claims.exp <= now) return 'expired';
  if (claims.exp > now + MAX_JWT_LIFETIME_S) return 'exp more than 24 hours ahead';
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub)) return 'no sub contact';
  return { claims: { aud: claims.aud, exp: claims.exp, sub: claims.sub }, key };
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * Starts the stand-in on 127.0.0.1 at a free port. `now` is its clock for token expiry (real time by default);
 * `onReceived` hears each accepted push as it arrives (the bench times them).
 */
export async function startPushService(
  opts: { now?: () => number; onReceived?: (push: ReceivedPush) => void } = {},
): Promise<PushServiceStandIn> {
  const now = opts.now ?? Date.now;
  const { key, cert } = loopbackCertificate();
  const devices = new Map<string, Device>();
  const perEndpoint = new Map<string, Answer>();
  const nextAnswers: Answer[] = [];
  const holding = new Map<string, { pending: ((a: Reply) => void)[]; waiters: (() => void)[] }>();
  const received: ReceivedPush[] = [];
  const requests: PushRequestRecord[] = [];
  let receivedWaiters: { count: number; resolve: () => void }[] = [];
  const abandonedWaiters = new Map<string, (() => void)[]>();
  const abandonedCount = new Map<string, number>();
  let origin = '';
  let nextId = 0;
  // a token whose signature checked out once is not verified again (a sender reuses it); its exp still is
  const verified = new Map<string, { claims: ReceivedPush['claims']; key: string }>();
  const verifiedToken = (authorization: string | undefined) => {
    const known = authorization ? verified.get(authorization) : undefined;
    if (known) return known.claims.exp > Math.floor(now() / 1000) ? known : 'expired';
    const checked = checkVapid(authorization, origin, now());
    if (typeof checked !== 'string' && authorization) verified.set(authorization, checked);
    return checked;
  };

  const send = (res: ServerResponse, answer: Reply, endpoint: string, error: string | null = null) => {
    requests.push({ endpoint, status: answer.status, error });
    const headers: Record<string, string> = {};
    if (answer.retryAfter !== undefined) headers['retry-after'] = String(answer.retryAfter);
    if (answer.status === 201) headers.location = `${endpoint}/message/${++nextId}`;
    res.writeHead(answer.status, headers).end();
  };

  const accept = (push: ReceivedPush) => {
    received.push(push);
    opts.onReceived?.(push);
    const ready = receivedWaiters.filter((w) => received.length >= w.count);
    receivedWaiters = receivedWaiters.filter((w) => received.length < w.count);
    for (const w of ready) w.resolve();
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const endpoint = origin + (req.url ?? '/');
    const body = await readBody(req);
    const device = devices.get(endpoint);
    if (req.method !== 'POST' || !device) return send(res, { status: 404 }, endpoint);
    if (device.gone) return send(res, { status: 410 }, endpoint);
    const vapid = verifiedToken(req.headers.authorization);
    if (typeof vapid === 'string') return send(res, { status: 401 }, endpoint, vapid);
    if (device.applicationServerKey && vapid.key !== device.applicationServerKey)
      return send(res, { status: 403 }, endpoint, 'not the key it subscribed with');
    const ttl = Number(req.headers.ttl);
    if (!Number.isInteger(ttl) || ttl < 0) return send(res, { status: 400 }, endpoint, 'no TTL');
    if (req.headers['content-encoding'] !== 'aes128gcm')
      return send(res, { status: 415 }, endpoint, 'not aes128gcm');
    let payload: unknown;
    try {
      const plain = ece.decrypt(body, {
        version: 'aes128gcm',
        privateKey: device.ecdh,
        authSecret: device.auth,
      });
      payload = JSON.parse(plain.toString('utf8'));
    } catch (err) {
      return send(res, { status: 400 }, endpoint, `undecryptable: ${String(err)}`);
    }
    const hold = holding.get(endpoint);
    let answer: Reply;
    if (hold) {
      const waiters = hold.waiters;
      hold.waiters = [];
      answer = await new Promise<Reply>((resolve) => {
        hold.pending.push(resolve);
        for (const w of waiters) w();
        // the sender gave up (closed, timed out): nothing was delivered
        res.on('close', () => {
          if (!res.writableEnded) resolve({ status: 0 });
        });
      });
      if (answer.status === 0) {
        requests.push({ endpoint, status: 0, error: 'abandoned by the sender' });
        abandonedCount.set(endpoint, (abandonedCount.get(endpoint) ?? 0) + 1);
        for (const w of abandonedWaiters.get(endpoint) ?? []) w();
        abandonedWaiters.delete(endpoint);
        return;
      }
    } else {
      answer = nextAnswers.shift() ?? perEndpoint.get(endpoint) ?? { status: 201 };
    }
    if (answer.status === 201)
      accept({
        endpoint,
        payload,
        claims: vapid.claims,
        vapidKey: vapid.key,
        ttl,
        at: Date.now(),
      });
    send(res, answer, endpoint);
  }

  const server: Server = createServer({ key, cert }, (req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) res.writeHead(500).end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  origin = `https://127.0.0.1:${port}`;

  return {
    origin,
    url: origin,
    host: `127.0.0.1:${port}`,
    ca: cert,
    appOptions: { allowedHosts: [`127.0.0.1:${port}`], ca: cert },
    subscribe(applicationServerKey) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16).toString('base64url');
      const endpoint = `${origin}/push/${randomBytes(12).toString('base64url')}`;
      devices.set(endpoint, { ecdh, auth, applicationServerKey: applicationServerKey ?? null, gone: false });
      return {
        endpoint,
        expirationTime: null,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
      };
    },
    forget(endpoint) {
      const device = devices.get(endpoint);
      if (device) device.gone = true;
    },
    answer(endpoint, answer) {
      if (answer) perEndpoint.set(endpoint, answer);
      else perEndpoint.delete(endpoint);
    },
    answerNext(count, answer) {
      for (let i = 0; i < count; i++) nextAnswers.push(answer);
    },
    hold(endpoint) {
      if (!holding.has(endpoint)) holding.set(endpoint, { pending: [], waiters: [] });
    },
    release(endpoint, answer = { status: 201 }) {
      const hold = holding.get(endpoint);
      holding.delete(endpoint);
      for (const resolve of hold?.pending ?? []) resolve(answer);
    },
    held(endpoint) {
      const hold = holding.get(endpoint);
      if (!hold) return Promise.reject(new Error(`${endpoint} is not held`));
      if (hold.pending.length > 0) return Promise.resolve();
      return new Promise((resolve) => hold.waiters.push(resolve));
    },
    abandoned(endpoint) {
      if (abandonedCount.get(endpoint)) return Promise.resolve();
      return new Promise((resolve) =>
        abandonedWaiters.set(endpoint, [...(abandonedWaiters.get(endpoint) ?? []), resolve]),
      );
    },
    received: (endpoint) => (endpoint ? received.filter((r) => r.endpoint === endpoint) : [...received]),
    waitForReceived(count) {
      if (received.length >= count) return Promise.resolve();
      return new Promise((resolve) => receivedWaiters.push({ count, resolve }));
    },
    requests,
    reset() {
      received.length = 0;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

startPushService satisfies StartStandIn<Parameters<typeof startPushService>[0], PushServiceStandIn>;
