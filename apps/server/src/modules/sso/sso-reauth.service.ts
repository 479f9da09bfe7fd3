import { REAUTH_MAX_AGE_MS, type ReauthInfo, type SsoProtocol } from '@aula/contracts';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { reauthFacts } from '../auth/password-check.service.ts';
import { enabledOidc } from './oidc.service.ts';
import { enabledSaml } from './saml.service.ts';

/**
 * GET /api/login/reauth (decision 079): how the signed-in user proves it is them again. With a password,
 * the password (and nothing else). Without one, a fresh sign-in at the provider the session came from (or
 * the one the school offers), which counts for 5 minutes from when the provider says the person
 * authenticated: requireRecentSignIn checks the same session time.
 */
export async function reauthInfo(ctx: Ctx): Promise<ReauthInfo> {
  const { user, session } = ctx;
  if (!user || !session) throw AppError.unauthorized();
  const facts = await reauthFacts(ctx);
  if (facts.hasPassword) return { method: 'password' };
  const [oidc, saml] = await Promise.all([enabledOidc(ctx), enabledSaml(ctx)]);
  const offered: Partial<Record<SsoProtocol, string>> = {
    ...(oidc ? { oidc: oidc.settings.label } : {}),
    ...(saml ? { saml: saml.settings.label } : {}),
  };
  const came = facts.ssoProvider;
  const protocol = came && offered[came] !== undefined ? came : oidc ? 'oidc' : saml ? 'saml' : null;
  if (!protocol) throw new AppError(404, 'sso.not_configured');
  const until = session.authAt.getTime() + REAUTH_MAX_AGE_MS;
  return {
    method: 'sso',
    protocol,
    label: offered[protocol] ?? '',
    freshUntil: until > ctx.clock().getTime() ? until : null,
  };
}
