import type { RoomListQuery, RoomType } from '@aula/contracts';
import type { RoomAddress } from './room-search-params';

export {
  ROOM_LIST_TYPES,
  ROOMS_PER_PAGE_MAX,
  validateRoomSearch,
  type RoomAddress,
} from './room-search-params';

/** The page sizes the filters offer; the address may hold any from 1 to 100. */
export const ROOMS_PER_PAGE_CHOICES = [10, 20, 50, 100] as const;
export const ROOMS_PER_PAGE = 20;

/** The filters as the page works with them: defaults left out, showAll only for admins. */
export interface RoomSearch {
  page?: number;
  perPage?: number;
  q?: string;
  roomType?: Exclude<RoomType, 'all'>;
  showAll?: true;
}

/** The address's filters as the page uses them (a non-admin's showAll is dropped: it is for admins only). */
export function fromAddress(address: RoomAddress, isAdmin: boolean): RoomSearch {
  return {
    page: address.page === 1 ? undefined : address.page,
    perPage: address.perPage === ROOMS_PER_PAGE ? undefined : address.perPage,
    q: address.q || undefined,
    roomType: address.roomType === 'all' ? undefined : address.roomType,
    showAll: isAdmin && address.showAll ? true : undefined,
  };
}

/** Whether any filter differs from the default (for "reset filters" and the empty state's wording). */
export function hasFilters(search: RoomSearch): boolean {
  return Boolean(search.q || search.roomType || search.showAll);
}

/** How many filters are set (shown on the phone's folded filter button); the page size is no filter. */
export function filterCount(search: RoomSearch): number {
  return [search.q, search.roomType, search.showAll].filter(Boolean).length;
}

/** The filters as GET /api/bbb's query (spec 3.6: page, perPage, q, roomType, showAll). */
export function toListQuery(search: RoomSearch): RoomListQuery {
  const query: RoomListQuery = {
    page: search.page ?? 1,
    perPage: search.perPage ?? ROOMS_PER_PAGE,
    roomType: search.roomType ?? 'all',
  };
  if (search.q) query.q = search.q;
  if (search.showAll) query.showAll = 'true';
  return query;
}

/** The query as GET /api/bbb's query string, in a fixed order (equal filters make equal addresses). */
export function listQueryString(query: RoomListQuery): string {
  const params = new URLSearchParams();
  for (const key of ['q', 'roomType', 'showAll', 'page', 'perPage'] as const) {
    const value = query[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params.toString();
}
