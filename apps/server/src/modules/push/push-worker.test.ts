import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { PUSH_RETRY_BASE_MS, PUSH_TTL_S } from '@aula/contracts';
import { isVapidPair } from './push-keys.service.ts';
import { parseRetryAfter } from './push-send.ts';
import { retryDelayMs, verdictOf, waitsTooLong } from './push-worker.ts';

// The delivery rules of decision 073 that need no database: what an answer means, the backoff, Retry-After,
// and what counts as a key pair.

describe('verdictOf', () => {
  it.each([
    [201, 'sent'],
    [202, 'sent'],
    [404, 'gone'],
    [410, 'gone'],
    [429, 'retry'],
    [500, 'retry'],
    [503, 'retry'],
    [400, 'failed'],
    [401, 'failed'],
    [403, 'failed'],
    [413, 'failed'],
  ] as const)('%i → %s', (status, kind) => {
    expect(verdictOf({ status, retryAfterMs: null }).kind).toBe(kind);
  });

  it('no answer: a timeout or an unreachable service is tried again, a refused address never', () => {
    expect(verdictOf({ status: 0, retryAfterMs: null, failure: 'timeout' }).kind).toBe('retry');
    expect(verdictOf({ status: 0, retryAfterMs: null, failure: 'unreachable' }).kind).toBe('retry');
    expect(verdictOf({ status: 0, retryAfterMs: null, failure: 'blocked-address' }).kind).toBe('failed');
    expect(verdictOf({ status: 0, retryAfterMs: null, failure: 'invalid-url' }).kind).toBe('failed');
  });
});

describe('retryDelayMs', () => {
  it('doubles from the base, and waits longer when the push service asks', () => {
    expect(retryDelayMs(0, null)).toBe(PUSH_RETRY_BASE_MS);
    expect(retryDelayMs(3, null)).toBe(PUSH_RETRY_BASE_MS * 8);
    expect(retryDelayMs(0, PUSH_RETRY_BASE_MS * 10)).toBe(PUSH_RETRY_BASE_MS * 10);
    expect(retryDelayMs(3, 1000)).toBe(PUSH_RETRY_BASE_MS * 8);
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates; anything else is none', () => {
    expect(parseRetryAfter('120')).toBe(120_000);
    const now = Date.parse('2026-05-04T09:30:00Z');
    expect(parseRetryAfter('Mon, 04 May 2026 09:31:00 GMT', now)).toBe(60_000);
    expect(parseRetryAfter('Mon, 04 May 2026 09:29:00 GMT', now)).toBe(0);
    expect(parseRetryAfter(null)).toBeNull();
    expect(parseRetryAfter('soon')).toBeNull();
  });
});

describe('isVapidPair', () => {
  it('accepts a pair and refuses mixed, short or out-of-range keys', () => {
    const a = webpush.generateVAPIDKeys();
    const b = webpush.generateVAPIDKeys();
    expect(isVapidPair(a.publicKey, a.privateKey)).toBe(true);
    expect(isVapidPair(a.publicKey, b.privateKey)).toBe(false);
    expect(isVapidPair(a.publicKey, Buffer.alloc(32, 0xff).toString('base64url'))).toBe(false);
    expect(isVapidPair(a.publicKey, Buffer.alloc(32, 0).toString('base64url'))).toBe(false);
    expect(isVapidPair(a.publicKey.slice(0, 20), a.privateKey)).toBe(false);
  });
});

describe('waitsTooLong', () => {
  it.each([
    [null, false],
    [0, false],
    [PUSH_TTL_S * 1000, false],
    [PUSH_TTL_S * 1000 + 1, true],
    [Infinity, true],
    [NaN, true],
  ])('a Retry-After of %s ms gives up: %s', (ms, expected) => {
    expect(waitsTooLong(ms)).toBe(expected);
  });

  it('a Retry-After of more digits than a number holds is no finite time', () => {
    expect(waitsTooLong(parseRetryAfter('9'.repeat(400)))).toBe(true);
  });
});
