import type { SickListQuery } from '@aula/contracts';
import type { SickSearch } from './sick-search-params';

export {
  SICK_STATES,
  SICK_WHO,
  validateSickSearch,
  type SickSearch,
  type SickState,
  type SickWho,
} from './sick-search-params';

export const SICK_PER_PAGE = 20;

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
