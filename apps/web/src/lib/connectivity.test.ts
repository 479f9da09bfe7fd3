import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { isOnline, markOffline, offlineReason, reasonOf, recheck } from './connectivity';

const answer = (status: number) => new ApiError('/api/users/alive', status, 'x', null);

describe('connectivity (decision 057)', () => {
  afterEach(async () => {
    // leave the module online for the next test
    markOffline('unavailable', () => Promise.resolve());
    await recheck();
  });

  it('blames the network only when no answer came', () => {
    expect(reasonOf(new TypeError('Failed to fetch'))).toBe('network');
    expect(reasonOf(answer(503))).toBe('unavailable');
    expect(reasonOf(answer(500))).toBe('unavailable');
  });

  it('re-checks with the request that failed, so a health check alone does not end the offline state', async () => {
    let fails = true;
    const ping = () => (fails ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve());
    markOffline('network', ping);
    expect(isOnline()).toBe(false);
    expect(await recheck()).toBe('network');
    expect(isOnline()).toBe(false);
    // a later 503 elsewhere does not replace the failed ping as the check
    markOffline('unavailable');
    expect(offlineReason()).toBe('unavailable');
    expect(await recheck()).toBe('network');
    expect(isOnline()).toBe(false);
    fails = false;
    expect(await recheck()).toBeNull();
    expect(isOnline()).toBe(true);
  });

  it('says Aula is unavailable while the repeated request gets 5xx, and counts a 4xx answer as reachable', async () => {
    let status = 503;
    markOffline('unavailable', () => Promise.reject(answer(status)));
    expect(await recheck()).toBe('unavailable');
    expect(offlineReason()).toBe('unavailable');
    status = 401; // the session ended meanwhile: Aula answers, its own handlers take over
    expect(await recheck()).toBeNull();
    expect(isOnline()).toBe(true);
  });
});
