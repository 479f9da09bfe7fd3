import { optionalInt, optionalMatch, optionalOneOf } from '@/lib/search-params';

export const EDIT_TABS = ['personal', 'logged-out', 'logged-in', 'groups'] as const;
export type EditTab = (typeof EDIT_TABS)[number];

/** Search parameters of /edit: the tab (spec 2.5 app-layout tabs), the previewed groups, the tile a dialog edits. */
export interface EditSearch {
  tab?: EditTab;
  groups?: string;
  app?: number;
}

/** Reads /edit's search parameters; a value of the wrong shape is dropped (decision 049). */
export function validateEditSearch(search: Record<string, unknown>): EditSearch {
  return {
    tab: optionalOneOf(EDIT_TABS, search.tab),
    groups: optionalMatch(/^\d+(,\d+)*$/, search.groups),
    app: optionalInt(search.app, { positive: true }),
  };
}

export function parseGroupIds(value: string | undefined): number[] {
  if (!value) return [];
  return [...new Set(value.split(',').map(Number))].filter((n) => Number.isInteger(n) && n > 0);
}
