import { z } from 'zod';
import { SessionResultSchema } from './auth.ts';

// External sign-in (spec 1, 2.1 /sso, /login/moin, /oidc/callback, 7.1-7.2; docs/decisions/038-oidc-sign-in.md).

/** Which claim of the provider identifies an existing account the first time, and which field it matches. */
export const OIDC_LINK_FIELDS = ['email', 'username', 'external_id'] as const;
export type OidcLinkField = (typeof OIDC_LINK_FIELDS)[number];

const claimName = z
  .string()
  .trim()
  .max(100)
  .regex(/^[A-Za-z0-9_:./-]*$/, { message: 'letters, digits and _ : . / - only' });

const absoluteHttpUrl = z
  .string()
  .trim()
  .max(2000)
  .refine(
    (v) => {
      try {
        const url = new URL(v);
        return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
      } catch {
        return false;
      }
    },
    { message: 'an http(s) address' },
  );

/** The school's OpenID provider ("moin"), as the admin edits it. The client secret is write-only. */
export const OidcSettingsSchema = z.strictObject({
  issuer: absoluteHttpUrl,
  clientId: z.string().trim().min(1).max(200),
  /** the label of the login page's button, e.g. "Schulportal NRW" */
  label: z.string().trim().min(1).max(60),
  /** scopes beyond openid */
  scopes: z
    .string()
    .trim()
    .max(300)
    .regex(/^[\w:. -]*$/)
    .default('email profile'),
  /** the first sign-in links an account whose `linkField` equals this claim (decision 038) */
  linkClaim: claimName.min(1).default('email'),
  linkField: z.enum(OIDC_LINK_FIELDS).default('email'),
  /** create an account on the first sign-in when none matches; off: only known accounts may sign in */
  createUsers: z.boolean().default(false),
  /** a claim whose value says teacher or student for new accounts; empty: students */
  roleClaim: claimName.default(''),
  /** values of roleClaim (or entries of it, when it is a list) that make a teacher */
  teacherValues: z.string().trim().max(300).default('teacher,Lehrer,L'),
  /** a claim with the user's directory groups (a list or comma-separated); mapped by the role groups */
  groupsClaim: claimName.default(''),
});
export type OidcSettings = z.infer<typeof OidcSettingsSchema>;
export type OidcSettingsInput = z.input<typeof OidcSettingsSchema>;

/** PUT /api/config/oidc: the settings and the secret; an empty or missing secret keeps the stored one. */
export const OidcSettingsUpdateSchema = OidcSettingsSchema.extend({
  clientSecret: z.string().max(500).optional(),
});
export type OidcSettingsUpdate = z.input<typeof OidcSettingsUpdateSchema>;

/** GET /api/config/oidc: what the admin sees; never the secret, only whether one is stored. */
export const OidcSettingsViewSchema = z.object({
  settings: OidcSettingsSchema.nullable(),
  clientSecretSet: z.boolean(),
  /** the address to register at the provider */
  redirectUri: z.string(),
});
export type OidcSettingsView = z.infer<typeof OidcSettingsViewSchema>;

/** GET /api/apps/moin: whether the login page offers "sign in with …" and with which label. */
export const SsoInfoSchema = z.object({ enabled: z.boolean(), label: z.string().nullable() });
export type SsoInfo = z.infer<typeof SsoInfoSchema>;

/** A same-origin path to return to after signing in: starts with one "/", no scheme, no backslash. */
export const ReturnToSchema = z
  .string()
  .max(2000)
  .refine((v) => /^\/(?![/\\])[^\s\\]*$/.test(v), { message: 'a path of this site' });

/** POST /api/login/oidc: starts the sign-in; the answer is the provider's address to go to. */
export const SsoStartRequestSchema = z.strictObject({ returnTo: ReturnToSchema.optional() });
export type SsoStartRequest = z.infer<typeof SsoStartRequestSchema>;
export const SsoStartResultSchema = z.object({ url: z.string() });
export type SsoStartResult = z.infer<typeof SsoStartResultSchema>;

/** POST /api/apps/moin/callback: the query string the provider sent the browser back with. */
export const OidcCallbackRequestSchema = z.strictObject({ query: z.string().max(8000) });
export type OidcCallbackRequest = z.infer<typeof OidcCallbackRequestSchema>;
export const SsoSessionResultSchema = SessionResultSchema.extend({ returnTo: z.string() });
export type SsoSessionResult = z.infer<typeof SsoSessionResultSchema>;
