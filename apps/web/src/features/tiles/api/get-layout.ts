import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { LayoutResponse, LayoutType } from '@aula/contracts';
import { apiRequest, trusted } from '@/lib/api-client';
import { takeBoot } from '@/lib/boot-data';

export interface LayoutRequest {
  userId: number | null;
  layoutType?: LayoutType;
  /** Edit mode also fetches the tiles not placed (spec 7.2 unused flag). */
  unused?: boolean;
  /** Preview as a member of these groups (spec 4.5 groups tab). */
  groups?: readonly number[];
}

export function layoutQueryKey(request: LayoutRequest) {
  const { userId, layoutType, unused, groups } = request;
  return [
    'layout',
    { userId, layoutType, unused: unused ?? false, groups: groups?.join(',') ?? '' },
  ] as const;
}

function layoutUrl({ layoutType, unused, groups }: LayoutRequest): string {
  const params = new URLSearchParams();
  if (layoutType) params.set('layoutType', layoutType);
  if (unused) params.set('unused', 'true');
  if (groups && groups.length > 0) params.set('groups', groups.join(','));
  const query = params.toString();
  return query ? `/api/layout?${query}` : '/api/layout';
}

/**
 * GET /api/layout (spec 7.2). /api answers are no-store, so the client keeps the version itself and
 * sends it back; an unchanged layout answers 304 and the cached one stays (spec 8).
 */
export function layoutQueryOptions(request: LayoutRequest, queryClient?: QueryClient) {
  const queryKey = layoutQueryKey(request);
  return queryOptions({
    queryKey,
    // the layout the start page carried is as fresh as the user info beside it (30 s, lib/session.ts): the
    // home page it starts with does not ask for it again; any other layout is asked for on every visit
    staleTime: (query: { state: { dataUpdatedAt: number } }) =>
      query.state.dataUpdatedAt === carriedAt ? CARRIED_FRESH_MS : 0,
    queryFn: ({ signal }) => {
      const fetchLayout = () => {
        const cached = queryClient?.getQueryData<LayoutResponse>(queryKey);
        return apiRequest(layoutUrl(request), {
          schema: trusted<LayoutResponse>(),
          signal,
          requiresLogin: request.userId !== null,
          headers: cached ? { 'if-none-match': `"${cached.version}"` } : undefined,
          notModified: cached ? () => cached : undefined,
        });
      };
      const home = !request.layoutType && !request.unused && !request.groups?.length;
      const started = home ? takeStartLayout() : undefined;
      // a failed early answer (a visitor the school sends to the login page) is asked again the usual way,
      // and so is a visitor's layout taken early by someone whose session was being refreshed meanwhile
      const usable = (layout: LayoutResponse | undefined) =>
        layout && !(request.userId !== null && layout.layoutType === 'logged-out') ? layout : undefined;
      return started ? started.then((layout) => usable(layout) ?? fetchLayout()) : fetchLayout();
    },
  });
}

let startLayout: Promise<LayoutResponse | undefined> | undefined;
/** When the carried layout went into the cache (its dataUpdatedAt), if it did. */
let carriedAt: number | undefined;
const CARRIED_FRESH_MS = 30_000;

/**
 * The home page's layout, asked for as the app starts, beside the user info and the config, instead of
 * after them (decision 049): one round trip less before the tiles show. The server answers for whoever the
 * cookies name, the same session the user info comes from; the first home layout query takes it, once.
 */
export function startHomeLayout(queryClient: QueryClient, userId: number | null | undefined): void {
  const carried = takeBoot('layout'); // decision 051: the start page may have brought it
  // carried beside the user info, it is whose that says: in the cache at once, so the first render has the
  // tiles rather than a skeleton for one frame (issue 34)
  if (carried?.value && userId !== undefined) {
    const key = layoutQueryKey({ userId });
    queryClient.setQueryData(key, carried.value);
    carriedAt = queryClient.getQueryState(key)?.dataUpdatedAt;
    return;
  }
  startLayout = carried?.value
    ? Promise.resolve(carried.value)
    : apiRequest('/api/layout', { schema: trusted<LayoutResponse>() }).catch(() => undefined);
}

function takeStartLayout(): Promise<LayoutResponse | undefined> | undefined {
  const started = startLayout;
  startLayout = undefined;
  return started;
}
