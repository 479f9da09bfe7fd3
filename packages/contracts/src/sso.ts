import { z } from './zod.ts';
import { multilineText, text } from './text.ts';
import { RETURN_PATH } from './plain/sso.ts';

export * from './plain/sso.ts';
import { SessionResultSchema } from './auth.ts';

// External sign-in (spec 1, 2.1 /sso, /login/moin, /oidc/callback, 7.1-7.2; docs/decisions/038-oidc-sign-in.md).

/** Which claim of the provider identifies an existing account the first time, and which field it matches. */
export const OIDC_LINK_FIELDS = ['email', 'username', 'external_id'] as const;
export type OidcLinkField = (typeof OIDC_LINK_FIELDS)[number];

const claimName = text()
  .trim()
  .max(100)
  .regex(/^[A-Za-z0-9_:./-]*$/, { message: 'letters, digits and _ : . / - only' });

const absoluteHttpUrl = text()
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

/** The label of the login page's button, e.g. "Schulportal NRW": "Sign in with …". */
const buttonLabel = text().trim().min(1).max(60);

/** How the provider's claims (OIDC) or attributes (SAML) map to accounts (decisions 038, 040). */
const ssoMappingShape = {
  /** the first sign-in links an account whose `linkField` equals this claim (decision 038) */
  linkClaim: claimName.min(1).default('email'),
  linkField: z.enum(OIDC_LINK_FIELDS).default('email'),
  /** create an account on the first sign-in when none matches; off: only known accounts may sign in */
  createUsers: z.boolean().default(false),
  /** a claim whose value says teacher or student for new accounts; empty: students */
  roleClaim: claimName.default(''),
  /** values of roleClaim (or entries of it, when it is a list) that make a teacher */
  teacherValues: text().trim().max(300).default('teacher,Lehrer,L'),
  /** a claim with the user's directory groups (a list or comma-separated); mapped by the role groups */
  groupsClaim: claimName.default(''),
};

/** The school's OpenID provider ("moin"), as the admin edits it. The client secret is write-only. */
export const OidcSettingsSchema = z.strictObject({
  issuer: absoluteHttpUrl,
  clientId: text().trim().min(1).max(200),
  label: buttonLabel,
  /** scopes beyond openid */
  scopes: text()
    .trim()
    .max(300)
    .regex(/^[\w:. -]*$/)
    .default('email profile'),
  ...ssoMappingShape,
});
export type OidcSettings = z.infer<typeof OidcSettingsSchema>;
export type OidcSettingsInput = z.input<typeof OidcSettingsSchema>;

/** PUT /api/config/oidc: the settings and the secret; an empty or missing secret keeps the stored one. */
export const OidcSettingsUpdateSchema = OidcSettingsSchema.extend({
  clientSecret: text().max(500).optional(),
});
export type OidcSettingsUpdate = z.input<typeof OidcSettingsUpdateSchema>;

/** GET /api/config/oidc: what the admin sees; never the secret, only whether one is stored. */
export const OidcSettingsViewSchema = z.object({
  settings: OidcSettingsSchema.nullable(),
  clientSecretSet: z.boolean(),
  /** the address to register at the provider */
  redirectUri: z.string(),
  /** where the provider sends the browser after signing out there; to register as post_logout_redirect_uri */
  postLogoutRedirectUri: z.string(),
});
export type OidcSettingsView = z.infer<typeof OidcSettingsViewSchema>;

/** The external sign-ins the login page offers, in order; /sso goes to the first. */
export const SSO_PROTOCOLS = ['oidc', 'saml'] as const;
export type SsoProtocol = (typeof SSO_PROTOCOLS)[number];

/**
 * GET /api/apps/moin: the providers the login page offers "sign in with …" for, in order (OIDC when
 * enable_moin_auth is on, SAML when switched on); none: the login page offers only the password form.
 */
export const SsoInfoSchema = z.object({
  providers: z.array(z.object({ protocol: z.enum(SSO_PROTOCOLS), label: z.string() })),
});
export type SsoInfo = z.infer<typeof SsoInfoSchema>;

export const ReturnToSchema = text()
  .max(2000)
  .refine((v) => RETURN_PATH.test(v), { message: 'a path of this site' });

/**
 * POST /api/login/oidc and /api/login/saml: start the sign-in; the answer is the provider's address to go
 * to. `returnTo` must pass ReturnToSchema; the server checks it itself, so an off-site one is audited.
 */
export const SsoStartRequestSchema = z.strictObject({
  returnTo: text().max(2000).optional(),
  /**
   * A re-authentication (decision 079): the provider must ask for the password again (prompt=login and
   * max_age=0, ForceAuthn), whatever session it still holds.
   */
  fresh: z.boolean().optional(),
});
export type SsoStartRequest = z.infer<typeof SsoStartRequestSchema>;
export const SsoStartResultSchema = z.object({ url: z.string() });
export type SsoStartResult = z.infer<typeof SsoStartResultSchema>;

/**
 * GET /api/login/reauth (decision 079): how the signed-in user proves it is them again. An account with a
 * password enters it; an account without one signs in again at the provider its session came from, and
 * counts as proven until `freshUntil` (epoch ms; null: not since the session began, or too long ago).
 */
export const ReauthInfoSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('password') }),
  z.object({
    method: z.literal('sso'),
    protocol: z.enum(SSO_PROTOCOLS),
    label: z.string(),
    freshUntil: z.number().int().nullable(),
  }),
]);
export type ReauthInfo = z.infer<typeof ReauthInfoSchema>;

/** POST /api/apps/moin/callback: the query string the provider sent the browser back with. */
export const OidcCallbackRequestSchema = z.strictObject({ query: text().max(8000) });
export type OidcCallbackRequest = z.infer<typeof OidcCallbackRequestSchema>;
export const SsoSessionResultSchema = SessionResultSchema.extend({ returnTo: z.string() });
export type SsoSessionResult = z.infer<typeof SsoSessionResultSchema>;

// SAML 2.0 (issue 7, docs/decisions/040-saml-sign-in.md): the school's identity provider described by its
// metadata; Aula is the service provider. Attributes map to accounts like OIDC claims do.

/** The admin's part: whether the login page offers it, its label and how attributes map to accounts. */
export const SamlSettingsSchema = z.strictObject({
  enabled: z.boolean().default(false),
  label: buttonLabel,
  /** the attribute that keys the account at the provider; empty: the NameID (must be persistent) */
  subjectAttribute: claimName.default(''),
  ...ssoMappingShape,
});
export type SamlSettings = z.infer<typeof SamlSettingsSchema>;
export type SamlSettingsInput = z.input<typeof SamlSettingsSchema>;

/** PUT /api/config/saml: the settings and, when it changes, the provider's metadata XML. */
export const SamlSettingsUpdateSchema = SamlSettingsSchema.extend({
  /** the identity provider's metadata (an EntityDescriptor); missing or empty keeps the stored provider */
  metadataXml: multilineText().max(500_000).optional(),
});
export type SamlSettingsUpdate = z.input<typeof SamlSettingsUpdateSchema>;

export const SamlCertificateSchema = z.object({
  subject: z.string(),
  notAfter: z.string(),
  /** SHA-256 fingerprint, colon-separated hex */
  fingerprint: z.string(),
});
export type SamlCertificate = z.infer<typeof SamlCertificateSchema>;

/** GET /api/config/saml: the settings, what was read from the provider's metadata, and Aula's own addresses. */
export const SamlSettingsViewSchema = z.object({
  settings: SamlSettingsSchema.nullable(),
  idp: z
    .object({
      entityId: z.string(),
      ssoUrl: z.string(),
      /** the provider's single logout address (HTTP-Redirect); null: signing out forces a fresh sign-in */
      sloUrl: z.string().nullable(),
      certificates: z.array(SamlCertificateSchema),
    })
    .nullable(),
  sp: z.object({
    entityId: z.string(),
    acsUrl: z.string(),
    metadataUrl: z.string(),
    /** Aula's single logout service, and the certificate its LogoutRequests are signed with */
    sloUrl: z.string(),
    certificate: SamlCertificateSchema,
  }),
});
export type SamlSettingsView = z.infer<typeof SamlSettingsViewSchema>;

/** POST /api/login/saml/complete: the one-time handle the assertion consumer service sent the browser on with. */
export const SamlCompleteRequestSchema = z.strictObject({ state: text().min(20).max(200) });
export type SamlCompleteRequest = z.infer<typeof SamlCompleteRequestSchema>;
