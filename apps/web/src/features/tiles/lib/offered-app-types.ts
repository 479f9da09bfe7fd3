import type { AppType } from '@aula/contracts';

/**
 * The special app types "Create app" offers: only those whose part of the portal is built (issue 19 item 4,
 * decision 058). The camera and the sick notice are built (issue 20), the video conference rooms (issue 21),
 * the chat (issue 22); remote desktop still opens a "coming soon" page; the issue that builds it adds its type here.
 */
export const OFFERED_APP_TYPES: readonly AppType[] = ['camera', 'sick-notice', 'video-conference', 'chat'];

/** The types to choose from: the offered ones, and a tile's own type so editing never drops it unseen. */
export function appTypeChoices(current: AppType | null): AppType[] {
  return current && !OFFERED_APP_TYPES.includes(current)
    ? [...OFFERED_APP_TYPES, current]
    : [...OFFERED_APP_TYPES];
}
