import { z } from 'zod';
import { LOCALES, THEMES } from './locales.ts';
import { UiPreferencesSchema } from './preferences.ts';
import { StoredRoleSchema, UserTypeSchema } from './roles.ts';

export const ThemeSchema = z.enum(THEMES);
export const LocaleSchema = z.enum(LOCALES);
/** spec 3.3: selected_lang is a supported code or auto */
export const SelectedLangSchema = z.union([LocaleSchema, z.literal('auto')]);

/** spec 3.3: the signed-in user as the client sees it */
export const UserInfoSchema = z.object({
  id: z.number().int(),
  lara_id: z.string(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  roles: z.array(StoredRoleSchema),
  type: UserTypeSchema,
  groups: z.array(z.object({ id: z.number().int(), name: z.string() })),
  sitePolicyAccepted: z.boolean(),
  selected_theme: ThemeSchema,
  selected_lang: SelectedLangSchema,
  /** spec 3.6: UI preferences, stored on the account so they follow the user to every device */
  preferences: UiPreferencesSchema,
});
export type UserInfo = z.infer<typeof UserInfoSchema>;

/** The account-settings update (spec 7.1 "account settings update"): any subset of theme, language and preferences. */
export const AccountSettingsSchema = z
  .object({
    selected_theme: ThemeSchema,
    selected_lang: SelectedLangSchema,
    preferences: UiPreferencesSchema.partial().strict(),
  })
  .partial()
  .strict();
export type AccountSettings = z.infer<typeof AccountSettingsSchema>;
