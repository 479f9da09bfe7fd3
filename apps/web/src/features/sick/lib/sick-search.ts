import type { SickListQuery } from '@aula/contracts';
import type { SickAddress, SickState, SickWho } from './sick-search-params';

export {
  SICK_STATES,
  SICK_WHO,
  validateSickSearch,
  type SickAddress,
  type SickState,
  type SickWho,
} from './sick-search-params';

export const SICK_PER_PAGE = 20;
const MAX_IDS = 50;

/** The filters as the page works with them: ids as numbers, defaults left out. */
export interface SickSearch {
  groups?: number[];
  users?: number[];
  q?: string;
  who?: Exclude<SickWho, 'all'>;
  state?: Exclude<SickState, 'unprocessed'>;
  page?: number;
}

function idList(text: string | undefined): number[] | undefined {
  const ids = [...new Set((text ?? '').split(',').map(Number))].filter(
    (id) => Number.isSafeInteger(id) && id > 0,
  );
  const list = ids.slice(0, MAX_IDS).sort((a, b) => a - b);
  return list.length ? list : undefined;
}

/** The address's filters as the page uses them: ids sorted without repeats, defaults as nothing. */
export function fromAddress(address: SickAddress): SickSearch {
  return {
    groups: idList(address.groups),
    users: idList(address.users),
    q: address.q,
    who: address.who === 'all' ? undefined : address.who,
    state: address.state === 'unprocessed' ? undefined : address.state,
    page: address.page === 1 ? undefined : address.page,
  };
}

/** Changed filters as the address writes them (a key set to undefined leaves the address). */
export function toAddress(next: Partial<SickSearch>): Partial<SickAddress> {
  const address: Partial<SickAddress> = { ...next, groups: undefined, users: undefined };
  if ('groups' in next) address.groups = next.groups?.length ? next.groups.join(',') : undefined;
  else delete address.groups;
  if ('users' in next) address.users = next.users?.length ? next.users.join(',') : undefined;
  else delete address.users;
  return address;
}

/** Whether any filter differs from the default (for "reset filters" and the empty state's wording). */
export function hasFilters(search: SickSearch): boolean {
  return Boolean(search.groups?.length || search.users?.length || search.q || search.who || search.state);
}

/** How many filters are set (shown on the phone's collapsed filter button). */
export function filterCount(search: SickSearch): number {
  return [search.groups?.length, search.users?.length, search.q, search.who, search.state].filter(Boolean)
    .length;
}

/**
 * The address's filters as GET /api/sick's query. Those who process notices (teachers, admins) get the filters;
 * a pupil's list is their own notices, processed or not, with paging only (they have no filters).
 */
export function toListQuery(search: SickSearch, canProcess: boolean): SickListQuery {
  const page = search.page ?? 1;
  if (!canProcess) return { page, perPage: SICK_PER_PAGE, showProcessed: 'true', showUnprocessed: 'true' };
  const state = search.state ?? 'unprocessed';
  const query: SickListQuery = {
    page,
    perPage: SICK_PER_PAGE,
    showProcessed: state === 'unprocessed' ? 'false' : 'true',
    showUnprocessed: state === 'processed' ? 'false' : 'true',
  };
  if (search.groups?.length) query.groups = search.groups.join(',');
  if (search.users?.length) query.users = search.users.join(',');
  if (search.q) query.userQ = search.q;
  if (search.who === 'students') query.onlyStudents = 'true';
  if (search.who === 'teachers') query.onlyTeachers = 'true';
  return query;
}

/** The query as GET /api/sick's query string, in a fixed order (so equal filters make equal addresses). */
export function listQueryString(query: SickListQuery): string {
  const params = new URLSearchParams();
  for (const key of [
    'groups',
    'users',
    'userQ',
    'onlyStudents',
    'onlyTeachers',
    'showProcessed',
    'showUnprocessed',
    'page',
    'perPage',
  ] as const) {
    const value = query[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params.toString();
}
