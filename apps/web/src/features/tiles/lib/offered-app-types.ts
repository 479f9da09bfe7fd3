import { OFFERED_APP_TYPES, type AppType } from '@aula/contracts';

/**
 * The special app types "Create app" offers: only those whose part of the portal is built (issue 19 item 4,
 * decision 058), derived from the one built switch, BUILT_FEATURES (decision 089); remote desktop still opens a
 * "coming soon" page.
 */
export { OFFERED_APP_TYPES };

/** The types to choose from: the offered ones, and a tile's own type so editing never drops it unseen. */
export function appTypeChoices(current: AppType | null): AppType[] {
  return current && !OFFERED_APP_TYPES.includes(current)
    ? [...OFFERED_APP_TYPES, current]
    : [...OFFERED_APP_TYPES];
}
