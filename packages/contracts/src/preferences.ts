import { z } from 'zod';
import { FONT_SIZE_PX, LEFT_NAV_WIDTH, LINE_HEIGHT } from './constants.ts';

// spec 3.6, 9: UI preferences, stored per user (docs/decisions/019-account-settings.md for the bounds)
export const FONT_SIZE_MIN_PX = 12;
export const FONT_SIZE_MAX_PX = 24;
export const LINE_HEIGHT_MIN = 1;
export const LINE_HEIGHT_MAX = 2;
export const LEFT_NAV_WIDTH_MIN = 280;
export const LEFT_NAV_WIDTH_MAX = 800;

export const UiPreferencesSchema = z.object({
  fontSize: z.number().int().min(FONT_SIZE_MIN_PX).max(FONT_SIZE_MAX_PX),
  lineHeight: z.number().min(LINE_HEIGHT_MIN).max(LINE_HEIGHT_MAX).multipleOf(0.05),
  leftNavWidth: z.number().int().min(LEFT_NAV_WIDTH_MIN).max(LEFT_NAV_WIDTH_MAX),
  hideAppTitles: z.boolean(),
  chatNotificationAlert: z.boolean(),
});
export type UiPreferences = z.infer<typeof UiPreferencesSchema>;

export const DEFAULT_UI_PREFERENCES: UiPreferences = {
  fontSize: FONT_SIZE_PX,
  lineHeight: LINE_HEIGHT,
  leftNavWidth: LEFT_NAV_WIDTH,
  hideAppTitles: false,
  chatNotificationAlert: true,
};
