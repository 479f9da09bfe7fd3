import type { RouteMeta } from '@/lib/feature-manifest';

// the route names and access levels are declared with the routes (lib/feature-manifest.ts, decision 089)
export type { Access, RouteMeta, RouteName } from '@/lib/feature-manifest';

export interface GuardInput {
  online: boolean;
  loggedIn: boolean;
  allowNoLogin: boolean;
  forceAcceptPolicy: boolean;
  sitePolicyAccepted: boolean;
  route: RouteMeta;
  pathname: string;
}

export type GuardRedirect = { to: '/offline' | '/login' | '/terms' | '/' | '/404' };

/**
 * spec 2.4: the navigation guard, rules 1 to 4 in order, then unknown paths to `/404` (spec 2.1);
 * null lets the navigation through.
 */
export function guard(input: GuardInput): GuardRedirect | null {
  const { online, loggedIn, route, pathname } = input;

  if (!online) return pathname === '/offline' ? null : { to: '/offline' };

  if (!loggedIn && !input.allowNoLogin && !route.publicWithoutLogin) return { to: '/login' };

  if (loggedIn && input.forceAcceptPolicy && !input.sitePolicyAccepted && pathname !== '/terms') {
    return { to: '/terms' };
  }

  if (route.access === 'loggedIn' && !loggedIn) return { to: '/' };
  if (route.access === 'loggedOut' && loggedIn) return { to: '/' };

  if (route.name === 'notFound' && pathname !== '/404') return { to: '/404' };

  return null;
}
