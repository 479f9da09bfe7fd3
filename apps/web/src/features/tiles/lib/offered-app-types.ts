import type { AppType } from '@aula/contracts';

/**
 * The special app types "Create app" offers: only those whose part of the portal is built (issue 19 item 4,
 * decision 058). Chat, video conference, camera, sick notice and remote desktop still open a "coming soon"
 * page, so none is offered yet; the issue that builds one adds its type here.
 */
export const OFFERED_APP_TYPES: readonly AppType[] = ['sick-notice'];

/** The types to choose from: the offered ones, and a tile's own type so editing never drops it unseen. */
export function appTypeChoices(current: AppType | null): AppType[] {
  return current && !OFFERED_APP_TYPES.includes(current)
    ? [...OFFERED_APP_TYPES, current]
    : [...OFFERED_APP_TYPES];
}
