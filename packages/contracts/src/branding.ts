import { z } from './zod.ts';
import { text } from './text.ts';
import { LOCALES, type Locale } from './locales.ts';
import { LOGIN_BG_STRATEGIES } from './settings.ts';

// spec 3.5 (show_lara_logo, logo_replacement, login_bg, login_bg_strat), 3.6 banner config, 7.4
// /api/config/banner, /login-bg, /logo (docs/decisions/035-branding.md)

export const BANNER_TYPES = ['info', 'warning', 'attention'] as const;
export const BannerTypeSchema = z.enum(BANNER_TYPES);
export type BannerType = z.infer<typeof BannerTypeSchema>;
export const MAX_BANNER_TEXT = 500;
export const MAX_BANNER_LINK_TEXT = 80;
/** A login background photo may be large; it is re-encoded to WebP of at most 2560 px. */
export const MAX_LOGIN_BG_BYTES = 8 * 1024 * 1024;
export const MAX_LOGO_BYTES = 1 * 1024 * 1024;

const texts = (max: number) =>
  z.strictObject(
    Object.fromEntries(LOCALES.map((l) => [l, text().trim().max(max).optional()])) as Record<
      Locale,
      z.ZodOptional<z.ZodString>
    >,
  );

/** The banner on the home page: German text required when it is on (422 config.invalid_value otherwise). */
export const BannerSchema = z.strictObject({
  enabled: z.boolean(),
  type: BannerTypeSchema.default('info'),
  text: texts(MAX_BANNER_TEXT).default({}),
  linkUrl: text()
    .trim()
    .max(2000)
    .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), { message: 'http or https only' })
    .default(''),
  linkText: texts(MAX_BANNER_LINK_TEXT).default({}),
});
export type Banner = z.infer<typeof BannerSchema>;
export type BannerInput = z.input<typeof BannerSchema>;

export const DEFAULT_BANNER: Banner = { enabled: false, type: 'info', text: {}, linkUrl: '', linkText: {} };

/** GET /api/config/login-bg/info: the background (a versioned URL, or none) and how it fills the page. */
export const LoginBgSchema = z.object({
  url: z.string().nullable(),
  strategy: z.enum(LOGIN_BG_STRATEGIES),
});
export type LoginBg = z.infer<typeof LoginBgSchema>;

/** GET /api/config/logo/info: show the product logo, and the school's replacement (a versioned URL) if any. */
export const LogoSchema = z.object({ show: z.boolean(), url: z.string().nullable() });
export type Logo = z.infer<typeof LogoSchema>;

export const LogoQuerySchema = z.strictObject({
  show: z.enum(['true', 'false']).optional(),
  remove: z.enum(['true', 'false']).optional(),
});
export const LoginBgQuerySchema = z.strictObject({
  strategy: z.enum(LOGIN_BG_STRATEGIES).optional(),
  remove: z.enum(['true', 'false']).optional(),
});
