import { z } from './zod.ts';
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
  /** the address the school has for the user, and the one the user added (secondary-email dialog) */
  email: z.string().nullable(),
  secondary_email: z.string().nullable(),
  totp_enabled: z.boolean(),
  /** an admin set this password: with force_password_change the user must change it first */
  must_change_password: z.boolean(),
  /** spec 4.3: while impersonating, the real (superadmin) user; null otherwise */
  impersonator: z
    .object({ id: z.number().int(), username: z.string(), first_name: z.string(), last_name: z.string() })
    .nullable(),
  /** spec 4.3: when the impersonation ends by itself (epoch ms); null when not impersonating */
  impersonation_expiration: z.number().int().nullable(),
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
