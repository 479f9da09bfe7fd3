import {
  OidcSettingsSchema,
  type OidcSettings,
  type OidcSettingsUpdate,
  type OidcSettingsView,
} from '@aula/contracts';
import { type Ctx, portalOrigin } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { openSecret, purposeKey, sealSecret } from '../../lib/secret-box.ts';
import { audit } from '../audit/audit.service.ts';
import { freshReads, setConfigValue, type ServerConfigRead } from '../config/config.service.ts';

// The school's OpenID provider: settings as JSON in config key "oidc", the client secret sealed in
// "oidc_client_secret" (lib/secret-box.ts), never sent to any browser (decision 038).
const SETTINGS_KEY = 'oidc' as const;
const SECRET_KEY = 'oidc_client_secret' as const;

export interface LoadedOidc {
  settings: OidcSettings;
  clientSecret: string | null;
}

const secretContext = (schoolId: number) => `oidc-client-secret:${schoolId}`;

/** An http issuer only on this machine (tests, a provider beside Aula); everywhere else https. */
export function isAcceptableIssuer(issuer: string): boolean {
  const url = new URL(issuer);
  if (url.protocol === 'https:') return true;
  return ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/** The provider's settings and client secret, read through `read`: a request's snapshot or fresh. */
export async function loadOidc(
  read: ServerConfigRead,
  schoolId: number,
  secretKey: Buffer,
): Promise<LoadedOidc | null> {
  const raw = await read(SETTINGS_KEY);
  if (!raw) return null;
  let settings: OidcSettings;
  try {
    const parsed = OidcSettingsSchema.safeParse(JSON.parse(raw));
    if (!parsed.success) return null;
    settings = parsed.data;
  } catch {
    return null;
  }
  const sealed = await read(SECRET_KEY);
  let clientSecret: string | null = null;
  if (sealed) {
    try {
      clientSecret = openSecret(purposeKey(secretKey, 'oidc-secret'), sealed, secretContext(schoolId));
    } catch {
      // sealed under another key (AULA_SECRET_KEY changed): the admin enters it again
      clientSecret = null;
    }
  }
  return { settings, clientSecret };
}

/** The address the provider sends the browser back to; the admin registers it at the provider. */
export function redirectUri(ctx: Ctx): string {
  const origin = portalOrigin(ctx);
  return `${origin}/oidc/callback`;
}

/** Where the provider sends the browser after signing out there (RP-initiated logout); registered too. */
export function postLogoutRedirectUri(ctx: Ctx): string {
  const origin = portalOrigin(ctx);
  return `${origin}/login?dialog=after-logout`;
}

function view(ctx: Ctx, loaded: LoadedOidc | null): OidcSettingsView {
  return {
    settings: loaded?.settings ?? null,
    clientSecretSet: Boolean(loaded?.clientSecret),
    redirectUri: redirectUri(ctx),
    postLogoutRedirectUri: postLogoutRedirectUri(ctx),
  };
}

/** GET /api/config/oidc (admins). */
export async function getOidcSettings(ctx: Ctx): Promise<OidcSettingsView> {
  return view(ctx, await loadOidc(freshReads(ctx.db, ctx.schoolId), ctx.schoolId, ctx.secretKey));
}

/** PUT /api/config/oidc (admins): an empty or missing secret keeps the stored one. */
export async function setOidcSettings(
  ctx: Ctx,
  input: OidcSettingsUpdate & OidcSettings,
): Promise<OidcSettingsView> {
  const { clientSecret, ...rest } = input;
  if (!isAcceptableIssuer(rest.issuer))
    throw new AppError(422, 'config.invalid_value', { key: 'issuer' }, undefined, [
      { path: 'issuer', code: 'https_required', message: 'the issuer must use https' },
    ]);
  const settings = OidcSettingsSchema.parse(rest);
  await setConfigValue(ctx.db, ctx.schoolId, SETTINGS_KEY, JSON.stringify(settings));
  if (clientSecret)
    await setConfigValue(
      ctx.db,
      ctx.schoolId,
      SECRET_KEY,
      sealSecret(purposeKey(ctx.secretKey, 'oidc-secret'), clientSecret, secretContext(ctx.schoolId)),
    );
  await audit(ctx, 'config.change', {
    details: { key: SETTINGS_KEY, issuer: settings.issuer, secretChanged: Boolean(clientSecret) },
  });
  return view(ctx, await loadOidc(freshReads(ctx.db, ctx.schoolId), ctx.schoolId, ctx.secretKey));
}
