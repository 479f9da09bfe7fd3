// One push to one device (decision 073): the payload encrypted for the subscription (RFC 8291, aes128gcm) and
// signed with the school's VAPID key (RFC 8292) by web-push, sent by us through the outbound address guard.
import type { Agent } from 'node:https';
import webpush from 'web-push';
import { PUSH_SEND_TIMEOUT_MS, PUSH_TTL_S, type PushPayload } from '@aula/contracts';
import { safeFetch, SafeFetchError } from '../../lib/safe-fetch.ts';
import type { SchoolPushKeys } from './push-keys.service.ts';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface SendOptions {
  /** push service hosts that may be private (app option, for a stand-in or an in-house push service) */
  allowedHosts: readonly string[];
  ca?: string;
  agent?: Agent;
  /** ends the request early (the app is closing) */
  signal?: AbortSignal;
}

/**
 * What the push service answered: its status (0: no answer, a timeout or a refused address) and how long it
 * asked us to wait (Retry-After), in ms.
 */
export interface SendResult {
  status: number;
  retryAfterMs: number | null;
  /** no answer: 'timeout', 'unreachable', 'blocked-address' or 'invalid-url' */
  failure?: SafeFetchError['reason'] | 'aborted';
}

/** Retry-After: seconds, or an HTTP date (the push service's clock is real time). */
export function parseRetryAfter(value: string | null, nowMs = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}

/** A VAPID token is reused this long before its end; it lives VAPID_TOKEN_S (at most 24 h, RFC 8292). */
const VAPID_TOKEN_S = 12 * 60 * 60;
const VAPID_RENEW_S = 60 * 60;
const vapidCache = new Map<string, { authorization: string; exp: number }>();

/**
 * The Authorization header for one push service origin, signed once and reused until an hour before it ends:
 * signing per push cost more than encrypting the payload. Its times are real time, as the push service checks.
 */
function vapidAuthorization(audience: string, keys: SchoolPushKeys): string {
  const cacheKey = `${keys.publicKey}|${keys.contact}|${audience}`;
  const now = Math.floor(Date.now() / 1000);
  const hit = vapidCache.get(cacheKey);
  if (hit && hit.exp - now > VAPID_RENEW_S) return hit.authorization;
  const exp = now + VAPID_TOKEN_S;
  const { Authorization } = webpush.getVapidHeaders(
    audience,
    keys.contact,
    keys.publicKey,
    keys.privateKey,
    'aes128gcm',
    exp,
  );
  if (vapidCache.size > 1000) vapidCache.clear();
  vapidCache.set(cacheKey, { authorization: Authorization, exp });
  return Authorization;
}

export async function sendPush(
  target: PushTarget,
  payload: PushPayload,
  keys: SchoolPushKeys,
  opts: SendOptions,
): Promise<SendResult> {
  // encrypted per device by web-push (RFC 8291); the VAPID header (RFC 8292) comes from the cache above
  const details = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    JSON.stringify(payload),
    { TTL: PUSH_TTL_S, contentEncoding: 'aes128gcm' },
  );
  const headers: Record<string, string> = {
    authorization: vapidAuthorization(new URL(target.endpoint).origin, keys),
  };
  for (const [key, value] of Object.entries(details.headers)) headers[key] = String(value);
  try {
    const res = await safeFetch(
      details.endpoint,
      { method: 'POST', headers, body: details.body as Buffer, signal: opts.signal ?? null },
      {
        timeoutMs: PUSH_SEND_TIMEOUT_MS,
        allowedHosts: opts.allowedHosts,
        maxBytes: 64 * 1024,
        ...(opts.ca ? { ca: opts.ca } : {}),
        ...(opts.agent ? { agent: opts.agent } : {}),
      },
    );
    return { status: res.status, retryAfterMs: parseRetryAfter(res.headers.get('retry-after')) };
  } catch (err) {
    if (opts.signal?.aborted) return { status: 0, retryAfterMs: null, failure: 'aborted' };
    if (err instanceof SafeFetchError) return { status: 0, retryAfterMs: null, failure: err.reason };
    throw err;
  }
}
