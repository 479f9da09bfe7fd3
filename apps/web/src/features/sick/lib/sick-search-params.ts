// The address of /app/sick (decision 066). This file is on the start path (the route table's validateSearch):
// keep it to the reader; what the page does with the filters is in sick-search.ts, loaded with the page.
import { optionalInt, optionalOneOf, optionalText } from '@/lib/search-params';

/** Which notices the list shows by their state: unprocessed is the default (the morning's work). */
export const SICK_STATES = ['unprocessed', 'processed', 'all'] as const;
export type SickState = (typeof SICK_STATES)[number];

/** Whose notices: everyone's, only pupils' or only teachers' (spec 3.6 onlyStudents, onlyTeachers). */
export const SICK_WHO = ['all', 'students', 'teachers'] as const;
export type SickWho = (typeof SICK_WHO)[number];

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
  const raw: unknown[] = Array.isArray(value) ? value : String(value ?? '').split(',');
  const ids = new Set(raw.map((v) => optionalInt(v, { positive: true })).filter((id) => id !== undefined));
  const list = [...ids].slice(0, MAX_IDS).sort((a, b) => a - b);
  return list.length ? list : undefined;
}

/**
 * The route's validateSearch: a mistyped address still opens the page (decision 049), with whatever part of it
 * made sense. Other parameters (the `dialog` of the root route) pass through untouched by the router.
 */
export function validateSickSearch(search: Record<string, unknown>): SickSearch {
  const q = optionalText(search.q)?.trim().slice(0, MAX_Q);
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
