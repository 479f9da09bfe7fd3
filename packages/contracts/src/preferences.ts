import { z, type Same } from './zod.ts';
import {
  FONT_SIZE_MAX_PX,
  FONT_SIZE_MIN_PX,
  LEFT_NAV_WIDTH_MAX,
  LEFT_NAV_WIDTH_MIN,
  LINE_HEIGHT_MAX,
  LINE_HEIGHT_MIN,
  type UiPreferences,
} from './plain/preferences.ts';

export * from './plain/preferences.ts';

export const UiPreferencesSchema = z.object({
  fontSize: z.number().int().min(FONT_SIZE_MIN_PX).max(FONT_SIZE_MAX_PX),
  lineHeight: z.number().min(LINE_HEIGHT_MIN).max(LINE_HEIGHT_MAX).multipleOf(0.05),
  leftNavWidth: z.number().int().min(LEFT_NAV_WIDTH_MIN).max(LEFT_NAV_WIDTH_MAX),
  hideAppTitles: z.boolean(),
  chatNotificationAlert: z.boolean(),
});
// the type is plain/preferences.ts's (the start path reads it without zod); the schema stays exactly it
true satisfies Same<z.infer<typeof UiPreferencesSchema>, UiPreferences>;
