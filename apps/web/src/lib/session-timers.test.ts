import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { SESSION_REFRESH_MARGIN_MS, SHARED_REFRESH_MS } from '@aula/contracts';
import {
  SESSION_HINT_KEY,
  apiRequest,
  forgetSession,
  onGlobalApiEvent,
  rememberSession,
  sessionTimes,
  type GlobalApiEvent,
} from './api-client';
import { ACTIVITY_KEY, startSessionTimers, type SessionTimers } from './session-timers';
import { userInfo } from '@/test/user-info';

const MINUTE = 60_000;
const ACCESS_MS = 15 * MINUTE;

const user = userInfo({ type: 'L' });

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The server's refresh endpoint: each call hands out the next times; 'network' fails like a lost connection. */
function serverAnswering(...answers: (number | 'network')[]) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>((input) => {
      const url = String(input);
      calls.push(url);
      if (url !== '/api/login/refresh') return Promise.resolve(json(200, {}));
      const answer = answers.shift() ?? 401;
      if (answer === 'network') return Promise.reject(new TypeError('Failed to fetch'));
      if (answer !== 200) return Promise.resolve(json(answer, { code: 'common.unauthorized', message: 'x' }));
      return Promise.resolve(
        json(200, {
          access_token_expiration: Date.now() + ACCESS_MS,
          refresh_token_expiration: Date.now() + 12 * 60 * MINUTE,
          user,
        }),
      );
    }),
  );
  return { refreshes: () => calls.filter((url) => url === '/api/login/refresh').length, calls };
}

let timers: SessionTimers | undefined;
let events: GlobalApiEvent[] = [];
let stopEvents: () => void = () => undefined;
let idle = 0;

function start(idleMinutes = 0) {
  timers = startSessionTimers({ idleMinutes: () => idleMinutes, onIdle: () => (idle += 1) });
}

function signIn(refreshInMs = 12 * 60 * MINUTE) {
  rememberSession({
    access_token_expiration: Date.now() + ACCESS_MS,
    refresh_token_expiration: Date.now() + refreshInMs,
  });
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-03-02T08:00:00Z') });
  localStorage.clear();
  events = [];
  idle = 0;
  stopEvents = onGlobalApiEvent((event) => events.push(event));
});

afterEach(async () => {
  timers?.stop();
  timers = undefined;
  stopEvents();
  forgetSession();
  await vi.advanceTimersByTimeAsync(SHARED_REFRESH_MS);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('session refresh (spec 4.1)', () => {
  it('refreshes 5 s before the access token expires, then again before the new one does', async () => {
    const server = serverAnswering(200, 200);
    start();
    signIn();
    await vi.advanceTimersByTimeAsync(ACCESS_MS - SESSION_REFRESH_MARGIN_MS - 1);
    expect(server.refreshes()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.refreshes()).toBe(1);
    // the new times were registered and the timer set again from them
    expect(sessionTimes()?.access).toBe(Date.now() + ACCESS_MS);
    await vi.advanceTimersByTimeAsync(ACCESS_MS - SESSION_REFRESH_MARGIN_MS);
    expect(server.refreshes()).toBe(2);
    expect(events).toEqual([]);
  });

  it('a refresh timer and a 401 at the same moment share one refresh call', async () => {
    const server = serverAnswering(200);
    start();
    signIn();
    await vi.advanceTimersByTimeAsync(ACCESS_MS - SESSION_REFRESH_MARGIN_MS - 10);
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>((input) =>
        String(input) === '/api/apps/1'
          ? Promise.resolve(json(401, { code: 'common.unauthorized', message: 'x' }))
          : Promise.resolve(
              json(200, {
                access_token_expiration: Date.now() + ACCESS_MS,
                refresh_token_expiration: Date.now() + MINUTE * 600,
                user,
              }),
            ),
      ),
    );
    const call = apiRequest('/api/apps/1', { schema: z.unknown() }).catch(() => undefined);
    await vi.advanceTimersByTimeAsync(10);
    await call;
    const urls = vi.mocked(fetch).mock.calls.map(([url]) => String(url));
    expect(urls.filter((url) => url === '/api/login/refresh')).toHaveLength(1);
    expect(server.refreshes()).toBe(0);
  });

  it('a refresh token that has run out sends the user to root without a call', async () => {
    const server = serverAnswering(200);
    start();
    signIn(ACCESS_MS - SESSION_REFRESH_MARGIN_MS - 1_000);
    await vi.advanceTimersByTimeAsync(ACCESS_MS);
    expect(server.refreshes()).toBe(0);
    expect(events).toEqual(['session-ended']);
    expect(sessionTimes()).toBeNull();
  });

  it('a refused refresh sends the user to login', async () => {
    serverAnswering(401);
    start();
    signIn();
    await vi.advanceTimersByTimeAsync(ACCESS_MS);
    expect(events).toEqual(['refresh-failed']);
    expect(localStorage.getItem(SESSION_HINT_KEY)).toBeNull();
  });

  it('a 418 on the refresh is a forced logout, reported once', async () => {
    serverAnswering(418);
    start();
    signIn();
    await vi.advanceTimersByTimeAsync(ACCESS_MS);
    expect(events).toEqual(['forced-logout']);
  });

  it('a refresh that cannot reach the server is tried again, without logging out', async () => {
    const server = serverAnswering('network', 200);
    start();
    signIn();
    await vi.advanceTimersByTimeAsync(ACCESS_MS - SESSION_REFRESH_MARGIN_MS);
    expect(server.refreshes()).toBe(1);
    await vi.advanceTimersByTimeAsync(SHARED_REFRESH_MS + 5_000);
    expect(server.refreshes()).toBe(2);
    expect(events).toEqual([]);
    expect(sessionTimes()?.access).toBeGreaterThan(Date.now());
  });

  it('takes over the times another tab refreshed to instead of rotating again', async () => {
    const server = serverAnswering(200);
    start();
    signIn();
    await vi.advanceTimersByTimeAsync(ACCESS_MS - SESSION_REFRESH_MARGIN_MS - 100);
    // the other tab refreshed and wrote the new times into the shared hint
    localStorage.setItem(SESSION_HINT_KEY, `${Date.now() + ACCESS_MS},${Date.now() + 600 * MINUTE}`);
    await vi.advanceTimersByTimeAsync(100);
    expect(server.refreshes()).toBe(0);
    expect(sessionTimes()?.access).toBe(Date.now() - 100 + ACCESS_MS);
  });

  it('another tab signing out ends the session here too', async () => {
    serverAnswering();
    start();
    signIn();
    localStorage.removeItem(SESSION_HINT_KEY);
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_HINT_KEY, newValue: null }));
    expect(events).toEqual(['logged-out']);
    expect(sessionTimes()).toBeNull();
  });
});

describe('idle logout (spec 4.1 logout_on_idle_time)', () => {
  it('logs out after the idle time without activity', async () => {
    serverAnswering(200, 200, 200, 200);
    start(20);
    signIn();
    await vi.advanceTimersByTimeAsync(20 * MINUTE - 1);
    expect(idle).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(idle).toBe(1);
  });

  it('real activity resets the timer; pings and other calls do not', async () => {
    serverAnswering(200, 200, 200, 200);
    start(5);
    signIn();
    await vi.advanceTimersByTimeAsync(4 * MINUTE);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    await vi.advanceTimersByTimeAsync(4 * MINUTE);
    expect(idle).toBe(0);
    // the online ping every 15 s is no activity
    for (let i = 0; i < 4; i += 1) {
      await apiRequest('/api/users/alive', { method: 'POST', schema: z.unknown() });
      await vi.advanceTimersByTimeAsync(15_000);
    }
    expect(idle).toBe(1);
  });

  it('activity in another tab counts', async () => {
    serverAnswering(200, 200, 200, 200);
    start(5);
    signIn();
    await vi.advanceTimersByTimeAsync(4 * MINUTE);
    localStorage.setItem(ACTIVITY_KEY, String(Date.now()));
    await vi.advanceTimersByTimeAsync(4 * MINUTE);
    expect(idle).toBe(0);
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(idle).toBe(1);
  });

  it('activity is written to the shared time stamp at most every 5 s', async () => {
    serverAnswering();
    start(5);
    signIn();
    const signedInAt = Number(localStorage.getItem(ACTIVITY_KEY));
    expect(signedInAt).toBe(Date.now());
    await vi.advanceTimersByTimeAsync(1_000);
    window.dispatchEvent(new PointerEvent('pointermove'));
    expect(Number(localStorage.getItem(ACTIVITY_KEY))).toBe(signedInAt);
    await vi.advanceTimersByTimeAsync(5_000);
    window.dispatchEvent(new PointerEvent('pointermove'));
    expect(Number(localStorage.getItem(ACTIVITY_KEY))).toBe(Date.now());
  });

  it('is off when logout_on_idle_time is 0, and for visitors', async () => {
    serverAnswering(200, 200, 200, 200, 200, 200);
    start(0);
    signIn();
    await vi.advanceTimersByTimeAsync(60 * MINUTE);
    expect(idle).toBe(0);
    timers?.stop();
    forgetSession();
    start(1);
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(idle).toBe(0);
  });
});
