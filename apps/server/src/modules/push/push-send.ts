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

export async function sendPush(
  target: PushTarget,
  payload: PushPayload,
  keys: SchoolPushKeys,
  opts: SendOptions,
): Promise<SendResult> {
  // the token's exp is the library's (real time + 12 h): the push service checks it against its real clock
  const details = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    JSON.stringify(payload),
    {
      vapidDetails: { subject: keys.contact, publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: PUSH_TTL_S,
      contentEncoding: 'aes128gcm',
    },
  );
  const headers: Record<string, string> = {};
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
