// Zod-free: the web app's start path imports this (decision 049). A schema belongs in ../preferences.ts.

import { FONT_SIZE_PX, LEFT_NAV_WIDTH, LINE_HEIGHT } from './constants.ts';

// spec 3.6, 9: UI preferences, stored per user (docs/decisions/019-account-settings.md for the bounds)
export const FONT_SIZE_MIN_PX = 12;
export const FONT_SIZE_MAX_PX = 24;
export const LINE_HEIGHT_MIN = 1;
export const LINE_HEIGHT_MAX = 2;
export const LEFT_NAV_WIDTH_MIN = 280;
export const LEFT_NAV_WIDTH_MAX = 800;

/** A user's UI preferences (spec 3.6, 9); `UiPreferencesSchema` in ../preferences.ts checks them. */
export interface UiPreferences {
  fontSize: number;
  lineHeight: number;
  leftNavWidth: number;
  hideAppTitles: boolean;
  chatNotificationAlert: boolean;
}

export const DEFAULT_UI_PREFERENCES: UiPreferences = {
  fontSize: FONT_SIZE_PX,
  lineHeight: LINE_HEIGHT,
  leftNavWidth: LEFT_NAV_WIDTH,
  hideAppTitles: false,
  chatNotificationAlert: true,
};
