// followPush and signOutHere against the browser's push surface: the service worker container, its
// registration and the registration's pushManager stand in for Chromium's (jsdom has none), everything else
// (the query cache, the router, the subscription queue) is Aula's own.
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PermsResponse, PushConfigResponse } from '@aula/contracts';
import { permsQueryOptions } from '@/lib/perms';
import { selfQueryKey } from '@/lib/session';
import { userInfo } from '@/test/user-info';
import { pushConfigQueryKey } from '../api/get-push-config';
import { followPush, signOutHere } from './push-session';

const VAPID_KEY = 'BPcMbnWQL5GOYX_5hYyxDtV9qU8LGUqNLa-IbCxGhjPzTcXbQpFJkcaU4RBrFsVHcT3ZVzi3xW4ubT4f3CYTgoo';

interface StandIn {
  /** the pushManager's subscriptions, in the order they were made */
  subscribed: string[];
  /** the tab's listeners on the service worker container (one per run of followPush) */
  listeners: number;
  current: { endpoint: string } | null;
}

function standInPushSurface(): StandIn {
  const state: StandIn = { subscribed: [], listeners: 0, current: null };
  const subscription = (endpoint: string) => ({
    endpoint,
    options: {
      applicationServerKey: Uint8Array.from(atob(toBase64(VAPID_KEY)), (c) => c.charCodeAt(0)).buffer,
    },
    toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: 'p', auth: 'a' } }),
    unsubscribe: async () => {
      state.current = null;
      return true;
    },
  });
  const pushManager = {
    getSubscription: async () => (state.current ? subscription(state.current.endpoint) : null),
    subscribe: async () => {
      const endpoint = `https://push.example/${state.subscribed.length + 1}`;
      state.subscribed.push(endpoint);
      state.current = { endpoint };
      return subscription(endpoint);
    },
  };
  const registration = { pushManager };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      getRegistration: async () => registration,
      ready: Promise.resolve(registration),
      addEventListener: (type: string) => {
        if (type === 'message') state.listeners += 1;
      },
      removeEventListener: (type: string) => {
        if (type === 'message') state.listeners -= 1;
      },
    },
  });
  Object.assign(window, { PushManager: class {}, Notification: { permission: 'granted' } });
  return state;
}

function toBase64(base64Url: string): string {
  const base64 = base64Url.replace(/-/g, '+').replace(/_/g, '/');
  return base64 + '='.repeat((4 - (base64.length % 4)) % 4);
}

const pushOn: PermsResponse = {
  permissions: {} as PermsResponse['permissions'],
  features: [{ name: 'push' }],
};

function signedIn(queryClient: QueryClient, id: number): void {
  queryClient.setQueryData(permsQueryOptions(id).queryKey, pushOn);
  queryClient.setQueryData(selfQueryKey, userInfo({ id }));
}

function aRouter() {
  return createRouter({
    routeTree: createRootRoute(),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
}

let stops: (() => void)[] = [];
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  // the server cannot be reached from here: storing the subscription fails, as it would offline
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
});
afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('push follows the session (decision 073)', () => {
  it('a signed-in user’s run renews the subscription silently', async () => {
    const surface = standInPushSurface();
    const queryClient = new QueryClient();
    queryClient.setQueryData<PushConfigResponse>(pushConfigQueryKey, { enabled: true, vapidKey: VAPID_KEY });
    signedIn(queryClient, 7);
    stops.push(followPush(queryClient, aRouter()));
    expect(surface.listeners).toBe(1);
    await vi.waitFor(() => expect(surface.subscribed).toHaveLength(1));
  });

  it('starts no run while a sign-out here is under way, so nothing renews what the sign-out ended', async () => {
    const surface = standInPushSurface();
    const queryClient = new QueryClient();
    queryClient.setQueryData<PushConfigResponse>(pushConfigQueryKey, { enabled: true, vapidKey: VAPID_KEY });
    signedIn(queryClient, 7);
    // the user presses "Abmelden" on a page whose push code has not run yet (a busy phone): the code loads
    // for the sign-out, and the start plan's push step comes while the server's answer is still on its way
    await signOutHere();
    stops.push(followPush(queryClient, aRouter()));
    expect(surface.listeners).toBe(0);
    // the session ends here; whoever signs in next is followed again, and only then is anything renewed
    queryClient.setQueryData(selfQueryKey, null);
    expect(surface.subscribed).toEqual([]);
    signedIn(queryClient, 8);
    expect(surface.listeners).toBe(1);
    await vi.waitFor(() => expect(surface.subscribed).toHaveLength(1));
  });
});
