import type { SickListQuery } from '@aula/contracts';
import { optionalInt, optionalOneOf, optionalString } from '@/lib/search-params';

/** Which notices the list shows by their state: unprocessed is the default (the morning's work). */
export const SICK_STATES = ['unprocessed', 'processed', 'all'] as const;
export type SickState = (typeof SICK_STATES)[number];

/** Whose notices: everyone's, only pupils' or only teachers' (spec 3.6 onlyStudents, onlyTeachers). */
export const SICK_WHO = ['all', 'students', 'teachers'] as const;
export type SickWho = (typeof SICK_WHO)[number];

export const SICK_PER_PAGE = 20;
const MAX_IDS = 50;
const MAX_Q = 100;

/**
 * The filters of /app/sick as the address keeps them (decision 066). Absent means the default: no group or
 * person chosen, no text, everyone, unprocessed only, page 1. Only what differs from the default is written.
 */
export interface SickSearch {
  groups?: number[];
  users?: number[];
  q?: string;
  who?: Exclude<SickWho, 'all'>;
  state?: Exclude<SickState, 'unprocessed'>;
  page?: number;
}

/** Ids from the address: an array (`groups=[1,2]`), a number, or text "1,2"; anything else is dropped. */
function idList(value: unknown): number[] | undefined {
  const raw: unknown[] = Array.isArray(value)
    ? value
    : typeof value === 'string'
      ? value.split(',')
      : value === undefined
        ? []
        : [value];
  const ids = raw
    .map((v) => optionalInt(v, { positive: true }))
    .filter((id): id is number => id !== undefined);
  const unique = [...new Set(ids)].slice(0, MAX_IDS).sort((a, b) => a - b);
  return unique.length ? unique : undefined;
}

/**
 * The route's validateSearch: a mistyped address still opens the page (decision 049), with whatever part of it
 * made sense. Other parameters (the `dialog` of the root route) pass through untouched by the router.
 */
export function validateSickSearch(search: Record<string, unknown>): SickSearch {
  const q = (optionalString(search.q) ?? (typeof search.q === 'number' ? String(search.q) : undefined))
    ?.trim()
    .slice(0, MAX_Q);
  const who = optionalOneOf(SICK_WHO, search.who);
  const state = optionalOneOf(SICK_STATES, search.state);
  const page = optionalInt(search.page, { positive: true });
  return {
    groups: idList(search.groups),
    users: idList(search.users),
    q: q || undefined,
    who: who === 'all' ? undefined : who,
    state: state === 'unprocessed' ? undefined : state,
    page: page === undefined || page === 1 ? undefined : page,
  };
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
