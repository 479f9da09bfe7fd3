import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { LogoutResult } from '@aula/contracts';
import {
  ApiError,
  apiRequest,
  forgetSession,
  onGlobalApiEvent,
  rememberSession,
  trusted,
} from '@/lib/api-client';
import { DEFAULT_CONFIG } from '@/lib/config';
import {
  endSession,
  providerMayBeSignedIn,
  signedOutAt,
  signedOutForIdle,
  startSession,
} from '@/lib/session';
import { onSignOut } from '@/lib/sign-out-tasks';
import { userInfo } from '@/test/user-info';
import { performLogout } from './logout';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** fetch by path: each answer is a function, so one can be held back until the test lets it go. */
function answer(routes: Record<string, () => Promise<Response> | Response>) {
  const fetchMock = vi.fn<typeof fetch>((input) => {
    const path = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    const route = routes[path];
    return route ? Promise.resolve(route()) : Promise.reject(new TypeError(`no answer for ${path}`));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function held<T>() {
  let release!: (value: T) => void;
  const promise = new Promise<T>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

const queryClient = new QueryClient();
const navigate = vi.fn(() => Promise.resolve());
const context = { queryClient, config: DEFAULT_CONFIG, navigate };
const signedOut = (result: LogoutResult = { urls: [] }) => ({ '/api/logout': () => json(200, result) });

let stopListening: () => void = () => undefined;

beforeEach(() => {
  const now = Date.now();
  rememberSession({ access_token_expiration: now + 60_000, refresh_token_expiration: now + 3_600_000 });
  // what the app's global handler does with these events (app/providers.tsx): the session ends here too
  stopListening = onGlobalApiEvent((event) => {
    if (event === 'logged-out' || event === 'forced-logout') endSession(queryClient);
  });
});

afterEach(() => {
  stopListening();
  vi.unstubAllGlobals();
  forgetSession();
  sessionStorage.clear();
  localStorage.clear();
});

describe('the after-logout memo (spec 2.5, 4.1)', () => {
  it.each([401, 418])(
    'an idle sign-out keeps why and when through the late %i of a ping sent before it',
    async (status) => {
      const ping = held<Response>();
      answer({ ...signedOut(), '/api/users/alive': () => ping.promise });
      // the 15 s ping goes out, then the idle timer signs out before the ping is answered
      const pinged = apiRequest('/api/users/alive', {
        method: 'POST',
        schema: trusted<unknown>(),
        requiresLogin: true,
      }).catch((error: unknown) => error);
      expect(await performLogout(context, 'idle')).toBe(true);
      expect(signedOutForIdle()).toBe(true);
      // the ping's answer: the session is gone, and the app ends it here a second time
      ping.release(json(status, { code: 'auth.session_ended', message: 'ended' }));
      expect(await pinged).toBeInstanceOf(ApiError);
      expect(signedOutForIdle()).toBe(true);
      expect(signedOutAt()).toBeGreaterThan(0);
    },
  );

  it('a sign-out by the user after an idle one does not say idle; the provider note follows the last one', async () => {
    answer(signedOut({ urls: [], providerSignedIn: true }));
    await performLogout(context, 'idle');
    expect([signedOutForIdle(), providerMayBeSignedIn()]).toEqual([true, true]);
    answer(signedOut());
    await performLogout(context, 'user');
    expect([signedOutForIdle(), providerMayBeSignedIn()]).toEqual([false, false]);
    expect(signedOutAt()).toBeGreaterThan(0);
  });

  it('ending the session removes every other aula.* entry; the device settings and the memo stay', async () => {
    answer(signedOut());
    await performLogout(context, 'idle');
    sessionStorage.setItem('aula.draft', 'a personal note');
    localStorage.setItem('aula.lastActivity', '1');
    localStorage.setItem('aula.lang', 'en');
    localStorage.setItem('aula.device', 'a-random-id');
    sessionStorage.setItem('other.key', 'not ours');
    endSession(queryClient);
    expect(Object.keys(sessionStorage).sort()).toEqual([
      'aula.signedOutAt',
      'aula.signedOutIdle',
      'other.key',
    ]);
    expect(Object.keys(localStorage).sort()).toEqual(['aula.device', 'aula.lang']);
  });

  it('the next sign-in forgets the last sign-out', async () => {
    answer(signedOut({ urls: [], providerSignedIn: true }));
    await performLogout(context, 'idle');
    const now = Date.now();
    await startSession(queryClient, {
      user: userInfo(),
      access_token_expiration: now + 60_000,
      refresh_token_expiration: now + 3_600_000,
    });
    expect([signedOutAt(), signedOutForIdle(), providerMayBeSignedIn()]).toEqual([undefined, false, false]);
  });
});

describe('sign-out and this browser’s push subscription (decision 073)', () => {
  it('starts the unsubscription before the session ends and never waits for it, nor fails with it', async () => {
    const order: string[] = [];
    answer({
      '/api/logout': () => {
        order.push('logout');
        return json(200, { urls: [] });
      },
    });
    const stops = [
      onSignOut(() => {
        order.push('push');
        return new Promise(() => undefined); // a push service that never answers
      }),
      onSignOut(() => Promise.reject(new Error('push service down'))),
      onSignOut(() => {
        throw new Error('failed at once');
      }),
    ];
    try {
      expect(await performLogout(context)).toBe(true);
      expect(order).toEqual(['push', 'logout']);
      expect(navigate).toHaveBeenCalled();
    } finally {
      stops.forEach((stop) => stop());
    }
  });
});
