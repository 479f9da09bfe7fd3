import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
  type AnyRouteMatch,
} from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { DIALOG_PARAM, hasRole, type UserInfo } from '@aula/contracts';
import { LoginPage } from '@/features/auth/components/login-page';
import type { RoomAddress, RoomEditAddress } from '@/features/bbb/lib/room-search-params';
import type { ChatAddress } from '@/features/chat/lib/chat-search-params';
import { RoomCodeEntry } from '@/features/bbb/components/room-code-entry';
import { validateSickSearch } from '@/features/sick/lib/sick-search-params';
import { validateEditSearch } from '@/features/tiles/lib/edit-search';
import { ApiError, isNetworkError } from '@/lib/api-client';
import { isOnline, markOffline } from '@/lib/connectivity';
import { DEFAULT_CONFIG, configFlag, configQueryOptions, type AppConfig } from '@/lib/config';
import { optionalInt, optionalMatch, optionalOneOf, optionalString, optionalText } from '@/lib/search-params';
import { completesSsoSignIn, selfQueryKey, selfQueryOptions } from '@/lib/session';
import { isDashboardTab } from './dashboard-tabs';
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

const comingSoon = lazyRouteComponent(
  () => import('@/features/placeholders/components/coming-soon-page'),
  'ComingSoonPage',
);

const shellRoute = createRoute({ getParentRoute: () => rootRoute, id: 'shell', component: AppShell });

/** spec 2.1 /sso, /login/moin, /oidc/callback, and /saml/callback: the school's identity provider (decisions 038, 040). */
function ssoPage<TPath extends string>(
  path: TPath,
  name: RouteMeta['name'],
  page: 'SsoRedirectPage' | 'OidcCallbackPage' | 'SamlCallbackPage',
) {
  // lazy: a visitor who never uses the school's identity provider does not load its pages (first-paint budget)
  const component = lazyRouteComponent(() => import('@/features/auth/components/sso-pages'), page);
  return createRoute({
    getParentRoute: () => shellRoute,
    path,
    // a callback opened by "Sign in again at …" counts as a visitor's (completesSsoSignIn, decision 079)
    staticData: { name, access: 'loggedOut', publicWithoutLogin: true },
    component,
  });
}

function shellPage<TPath extends string>(path: TPath, staticData: RouteMeta) {
  return createRoute({ getParentRoute: () => shellRoute, path, staticData, component: comingSoon });
}

const indexRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/',
  staticData: { name: 'root', access: 'any' },
  component: HomePage,
});

const editRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/edit',
  staticData: { name: 'edit', access: 'loggedIn' },
  validateSearch: validateEditSearch,
  component: lazyRouteComponent(() => import('@/features/tiles/components/edit-page'), 'EditPage'),
});

const dashboardRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/dashboard/$tab/{-$subpage}',
  staticData: { name: 'dashboard', access: 'loggedIn' },
  // what a subpage acts on, e.g. the message of /dashboard/messages/edit?id=3
  validateSearch: (search: Record<string, unknown>): { id?: number } => ({
    id: optionalInt(search.id, { positive: true }),
  }),
  beforeLoad: ({ params, context }) => {
    if (!isDashboardTab(params.tab)) throw redirect({ to: '/404', replace: true });
    // spec 2.3: the cim tab is for superadmins only.
    if (params.tab === 'cim' && !hasRole(context.self, 'cim')) throw redirect({ to: '/', replace: true });
  },
  component: lazyRouteComponent(() => import('./routes/dashboard-page'), 'DashboardPage'),
});

// spec 1, 2.2: the camera overview, the capture page and the picture view (issue 20)
const cameraRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/app/camera',
  staticData: { name: 'camera', access: 'loggedIn' },
  component: lazyRouteComponent(
    () => import('@/features/camera/components/camera-overview-page'),
    'CameraOverviewPage',
  ),
});

const cameraNewRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/app/camera/$laraId/new',
  staticData: { name: 'cameraNew', access: 'loggedIn' },
  component: lazyRouteComponent(
    () => import('@/features/camera/components/camera-capture-page'),
    'CameraCapturePage',
  ),
});

const cameraViewRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/app/camera/$laraId',
  staticData: { name: 'cameraView', access: 'loggedIn' },
  component: lazyRouteComponent(
    () => import('@/features/camera/components/camera-view-page'),
    'CameraViewPage',
  ),
});

/** issue 20: the sick notices (decision 066); the filters live in the address, so a reload or a shared link keeps them. */
const sickRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/app/sick',
  staticData: { name: 'sick', access: 'loggedIn' },
  validateSearch: validateSickSearch,
  component: lazyRouteComponent(() => import('@/features/sick/components/sick-list-page'), 'SickListPage'),
});

// issue 21: the video rooms' pages, one chunk with their dialogs (decision 068). Their addresses are checked
// by the pages (validateRoomSearch), not here: the first paint carries no code for a page it does not show.
const bbbScreens = () => import('@/features/bbb/components/bbb-screens');
const checkedByThePage =
  <T,>() =>
  (search: Record<string, unknown>) =>
    search as T;

/** the room chooser: its filters and the room of a bbb dialog live in the address */
const bbbRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/app/bigbluebutton',
  staticData: { name: 'bbb', access: 'loggedIn' },
  validateSearch: checkedByThePage<RoomAddress>(),
  component: lazyRouteComponent(bbbScreens, 'RoomChooserPage'),
});

const bbbNewRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/app/bigbluebutton/new',
  staticData: { name: 'bbbNew', access: 'loggedIn' },
  component: lazyRouteComponent(bbbScreens, 'NewRoomPage'),
});

const bbbEditRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/app/bigbluebutton/edit',
  staticData: { name: 'bbbEdit', access: 'loggedIn' },
  validateSearch: checkedByThePage<RoomEditAddress>(),
  component: lazyRouteComponent(bbbScreens, 'EditRoomPage'),
});

/** spec 2.2 /b/{id}: the shared room page, without login (issue 21, decision 069); ?join=1 joins a member at once. */
const roomRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/b/$id',
  staticData: { name: 'room', access: 'any', publicWithoutLogin: true },
  validateSearch: (search: Record<string, unknown>): { join?: 1 } => ({
    join: optionalInt(search.join) === 1 ? 1 : undefined,
  }),
  component: lazyRouteComponent(() => import('@/features/bbb/components/room-page'), 'RoomPage'),
});

/** spec 2.2 /app/chat (issue 22): `room` is the open conversation; the page checks its address (decision 049). */
const chatRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/app/chat',
  staticData: { name: 'chat', access: 'loggedIn' },
  validateSearch: checkedByThePage<ChatAddress>(),
  component: lazyRouteComponent(() => import('@/features/chat/components/chat-page'), 'ChatPage'),
});

const termsRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/terms',
  staticData: { name: 'terms', access: 'loggedIn' },
  component: lazyRouteComponent(() => import('@/features/auth/components/terms-page'), 'TermsPage'),
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

const iframeAppRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/app',
  staticData: { name: 'iframeApp', access: 'loggedIn' },
  validateSearch: (search: Record<string, unknown>): { title?: string; id?: number } => ({
    title: optionalText(search.title),
    id: optionalInt(search.id),
  }),
  component: lazyRouteComponent(() => import('@/features/tiles/components/iframe-app-page'), 'IframeAppPage'),
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

export const routeTree = rootRoute.addChildren([
  shellRoute.addChildren([
    indexRoute,
    editRoute,
    termsRoute,
    ssoPage('/sso', 'sso', 'SsoRedirectPage'),
    ssoPage('/login/moin', 'moinLogin', 'SsoRedirectPage'),
    ssoPage('/oidc/callback', 'moinCallback', 'OidcCallbackPage'),
    ssoPage('/saml/callback', 'samlCallback', 'SamlCallbackPage'),
    sickRoute,
    cameraRoute,
    cameraNewRoute,
    cameraViewRoute,
    bbbRoute,
    bbbNewRoute,
    bbbEditRoute,
    roomRoute,
    chatRoute,
    shellPage('/guacamole', { name: 'guacamole', access: 'loggedIn' }),
    dashboardRoute,
  ]),
  loginRoute,
  iframeAppRoute,
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
