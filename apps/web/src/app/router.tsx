import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
  type AnyRoute,
  type AnyRouteMatch,
  type ResolveFullPath,
  type ResolveId,
} from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { DIALOG_PARAM, type UserInfo } from '@aula/contracts';
import { LoginPage } from '@/features/auth/components/login-page';
import { RoomCodeEntry } from '@/features/bbb/components/room-code-entry';
import { ApiError, isNetworkError } from '@/lib/api-client';
import { isOnline, markOffline } from '@/lib/connectivity';
import { DEFAULT_CONFIG, configFlag, configQueryOptions, type AppConfig } from '@/lib/config';
import type { FeatureManifest } from '@/lib/feature-manifest';
import { optionalInt, optionalMatch, optionalOneOf, optionalString } from '@/lib/search-params';
import { completesSsoSignIn, selfQueryKey, selfQueryOptions } from '@/lib/session';
import { FEATURE_MANIFESTS } from './features';
import { guard, type Access, type RouteMeta, type RouteName } from './guard';
import { AppShell } from './layout/app-shell';
import { ApiDownPage } from './routes/api-down-page';
import { ErrorPage, RootErrorPage } from './routes/error-page';
import { HomePage } from './routes/home-page';
import { NotFoundPage } from './routes/not-found-page';
import { OfflinePage } from './routes/offline-page';
import { PendingPage } from './routes/pending-page';
import { RootLayout } from './routes/root-layout';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    name?: RouteName;
    access?: Access;
    publicWithoutLogin?: boolean;
  }
}

export interface RouterContext {
  queryClient: QueryClient;
}

interface SessionContext {
  self: UserInfo | null;
  config: AppConfig;
}

const NOT_FOUND_META: RouteMeta = { name: 'notFound', access: 'any', publicWithoutLogin: true };

/** The guard looks at the deepest match; an unmatched path has none with a name and counts as the 404 page. */
function routeMetaOf(matches: readonly AnyRouteMatch[]): RouteMeta {
  const { name, access = 'any', publicWithoutLogin } = matches.at(-1)?.staticData ?? {};
  return name ? { name, access, publicWithoutLogin } : NOT_FOUND_META;
}

/** No answer, or a proxy's 502 without Aula's error body (decision 078). */
function isApiDown(error: unknown): boolean {
  return isNetworkError(error) || (error instanceof ApiError && error.status === 502 && !error.errorBody);
}

async function loadSession(
  queryClient: QueryClient,
  pathname: string,
): Promise<SessionContext & { apiDown: boolean; unavailable: boolean }> {
  const [self, config] = await Promise.allSettled([
    // the SSO callback pages do not ask with the session their sign-in is about to replace (decision 079)
    completesSsoSignIn(pathname)
      ? Promise.resolve(queryClient.getQueryData<UserInfo | null>(selfQueryKey) ?? null)
      : queryClient.ensureQueryData({ ...selfQueryOptions(), revalidateIfStale: true }),
    queryClient.ensureQueryData(configQueryOptions()),
  ]);
  return {
    self: self.status === 'fulfilled' ? self.value : null,
    // Without a config (none cached, the fetch failed) the guard fails closed: no visitor access.
    config: config.status === 'fulfilled' ? config.value : { ...DEFAULT_CONFIG, allow_no_login: false },
    apiDown: [self, config].some((result) => result.status === 'rejected' && isApiDown(result.reason)),
    // the start-up session check stands for the online ping, which has not run yet: a 503 is offline
    // whatever its body (Aula's while its database is away), as the ping's is (decision 078)
    unavailable: [self, config].some(
      (result) =>
        result.status === 'rejected' && result.reason instanceof ApiError && result.reason.status === 503,
    ),
  };
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  validateSearch: (search: Record<string, unknown>): { [DIALOG_PARAM]?: string } => ({
    [DIALOG_PARAM]: optionalString(search[DIALOG_PARAM]),
  }),
  beforeLoad: async ({ context, location, matches }): Promise<SessionContext> => {
    // a 503 or a lost ping keeps every route on the offline page until a check succeeds (spec 4.4)
    let online = isOnline();
    const session = online
      ? await loadSession(context.queryClient, location.pathname)
      : { self: null, config: DEFAULT_CONFIG, apiDown: false, unavailable: false };
    if (session.unavailable) {
      markOffline();
      online = false;
    }
    // spec 8: an unreachable API shows the api-down page (the offline page keeps precedence).
    if (session.apiDown && location.pathname !== '/502' && location.pathname !== '/offline') {
      throw redirect({ to: '/502', replace: true });
    }
    const target = guard({
      online,
      loggedIn: session.self !== null,
      allowNoLogin: configFlag(session.config, 'allow_no_login'),
      forceAcceptPolicy: configFlag(session.config, 'force_accept_policy'),
      sitePolicyAccepted: session.self?.sitePolicyAccepted ?? false,
      route: routeMetaOf(matches),
      pathname: location.pathname,
    });
    if (target) throw redirect({ to: target.to, replace: true });
    return { self: session.self, config: session.config };
  },
  component: RootLayout,
  errorComponent: RootErrorPage,
  notFoundComponent: NotFoundPage,
});

const shellRoute = createRoute({ getParentRoute: () => rootRoute, id: 'shell', component: AppShell });

/**
 * A feature's route as createRoute types it when written out here: its path, its id under the parent and its
 * search parameters (undefined without validateSearch), so typed links and search stay as precise (decision 089).
 */
type ChildRoute<TParent extends AnyRoute, R> = R extends { path: infer P extends string }
  ? ReturnType<
      typeof createRoute<
        unknown,
        TParent,
        P,
        ResolveFullPath<TParent, P>,
        string,
        ResolveId<TParent, string, P>,
        R extends { validateSearch: infer V } ? V : undefined
      >
    >
  : never;
type Listed<
  L extends readonly FeatureManifest[],
  K extends 'routes' | 'bareRoutes',
> = L[number] extends infer M ? (M extends { [key in K]: readonly (infer R)[] } ? R : never) : never;

/** The listed features' pages, in the list's order: inside the app shell, and without it. */
export function featureRoutes<const L extends readonly FeatureManifest[]>(manifests: L) {
  const shell = manifests
    .flatMap((manifest) => manifest.routes ?? [])
    .map((route) => createRoute({ ...route, getParentRoute: () => shellRoute }));
  const bare = manifests
    .flatMap((manifest) => manifest.bareRoutes ?? [])
    .map((route) => createRoute({ ...route, getParentRoute: () => rootRoute }));
  // the values are these routes; the types name each one, which a list's map cannot say by itself
  return {
    shell: shell as unknown as ChildRoute<typeof shellRoute, Listed<L, 'routes'>>[],
    bare: bare as unknown as ChildRoute<typeof rootRoute, Listed<L, 'bareRoutes'>>[],
  };
}

const indexRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/',
  staticData: { name: 'root', access: 'any' },
  component: HomePage,
});

const dashboardRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/dashboard/$tab/{-$subpage}',
  staticData: { name: 'dashboard', access: 'loggedIn' },
  // what a subpage acts on, e.g. the message of /dashboard/messages/edit?id=3
  validateSearch: (search: Record<string, unknown>): { id?: number } => ({
    id: optionalInt(search.id, { positive: true }),
  }),
  // the tabs are in the features' manifests, which come with the page's code, not the first paint (decision 089)
  beforeLoad: async ({ params, context }) => {
    const tabs = await import('./routes/dashboard-page');
    const tab = tabs.dashboardTab(params.tab);
    if (!tab) throw redirect({ to: '/404', replace: true });
    // spec 2.3: the cim tab is for superadmins only.
    if (!tabs.mayOpenTab(context.self, tab)) throw redirect({ to: '/', replace: true });
  },
  component: lazyRouteComponent(() => import('./routes/dashboard-page'), 'DashboardPage'),
});

/** The login page with the room-code field (issue 21): a guest without an account goes to /b/{code} from here. */
function LoginWithRoomCode() {
  return <LoginPage roomCode={<RoomCodeEntry intro />} />;
}

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  staticData: { name: 'login', access: 'loggedOut', publicWithoutLogin: true },
  // the forgot-password flow of issue 5: its step, so Back and a reload keep the user where they were
  validateSearch: (search: Record<string, unknown>): { reset?: 'request' | 'code'; sso?: string } => ({
    reset: optionalOneOf(['request', 'code'] as const, search.reset),
    // why a sign-in through the school's identity provider was refused (the /oidc/callback page sends it)
    sso: optionalMatch(/^(sso\.[a-z_]+|auth\.account_disabled)$/, search.sso),
  }),
  component: LoginWithRoomCode,
});

const offlineRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/offline',
  staticData: { name: 'offline', access: 'any', publicWithoutLogin: true },
  // Not lazy: this page must render when no chunk can be fetched any more.
  component: OfflinePage,
});

const apiDownRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/502',
  staticData: { name: 'apiDown', access: 'any', publicWithoutLogin: true },
  component: ApiDownPage,
});

const notFoundRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/404',
  staticData: NOT_FOUND_META,
  component: NotFoundPage,
});

const routes = featureRoutes(FEATURE_MANIFESTS);

export const routeTree = rootRoute.addChildren([
  shellRoute.addChildren([indexRoute, ...routes.shell, dashboardRoute]),
  loginRoute,
  ...routes.bare,
  offlineRoute,
  apiDownRoute,
  notFoundRoute,
]);

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultNotFoundComponent: NotFoundPage,
    defaultErrorComponent: ErrorPage,
    defaultPendingComponent: PendingPage,
    notFoundMode: 'root',
    defaultPreload: 'intent',
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
