// The address of /app/sick (decision 066). This file is on the start path (the route table's validateSearch),
// so it only checks the shape, with the readers the start path already has; sick-search.ts, loaded with the
// page, turns it into filters.
import { optionalInt, optionalOneOf, optionalText } from '@/lib/search-params';

/** Which notices the list shows by their state: unprocessed is the default (the morning's work). */
export const SICK_STATES = ['unprocessed', 'processed', 'all'] as const;
export type SickState = (typeof SICK_STATES)[number];

/** Whose notices: everyone's, only pupils' or only teachers' (spec 3.6 onlyStudents, onlyTeachers). */
export const SICK_WHO = ['all', 'students', 'teachers'] as const;
export type SickWho = (typeof SICK_WHO)[number];

/**
 * The filters as the address writes them: `?groups=1,2&users=9&q=Sara&who=students&state=all&page=2`.
 * Absent means the default (no group or person, no text, everyone, unprocessed only, page 1).
 */
export interface SickAddress {
  groups?: string;
  users?: string;
  q?: string;
  who?: SickWho;
  state?: SickState;
  page?: number;
}

/** Ids as the address writes them: "7" or "1,2" (a single id arrives as a number from the parsed address). */
function ids(value: unknown): string | undefined {
  const text = optionalText(value);
  return text && /^\d{1,9}(,\d{1,9}){0,49}$/.test(text) ? text : undefined;
}

/**
 * The route's validateSearch: a mistyped address still opens the page (decision 049), with whatever part of it
 * made sense. Other parameters (the root route's `dialog`) are the router's business.
 */
export function validateSickSearch(search: Record<string, unknown>): SickAddress {
  return {
    groups: ids(search.groups),
    users: ids(search.users),
    q: optionalText(search.q)?.trim().slice(0, 100) || undefined,
    who: optionalOneOf(SICK_WHO, search.who),
    state: optionalOneOf(SICK_STATES, search.state),
    page: optionalInt(search.page, { positive: true }),
  };
}
