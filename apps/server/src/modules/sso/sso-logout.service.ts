import type { LogoutResult } from '@aula/contracts';
import type { Ctx } from '../../context.ts';
import { audit } from '../audit/audit.service.ts';
import { oidcLogoutUrl } from './oidc.service.ts';
import { samlLogoutUrl } from './saml-logout.service.ts';
import { deleteEndedSsoSessions, deleteSsoSessionOf, type SsoProvider } from './sso.repo.ts';

// Signing out of the school's identity provider too (issue 16 item 10, decision 042). On a shared classroom
// computer the provider's own session would otherwise sign the next pupil in as the previous one. Where the
// provider offers a sign-out (OIDC end_session_endpoint, SAML SingleLogoutService), the browser goes there
// as a top-level navigation. Either way this browser's next "Sign in with …" forces a fresh authentication
// at the provider (a cookie, httpOnly and Lax, read when the next sign-in starts): the pupil may answer "no"
// on the provider's "sign out?" page, close the tab, or leave it unattended after an idle sign-out, and a
// LogoutResponse may never come back.

/**
 * After POST /api/logout ended a session that came from the provider: the provider's sign-out address for
 * the top window, or (none offered, provider unreachable) the promise of a fresh sign-in next time. Either
 * way this browser's next sign-in there must be fresh (`freshSignInNext`: the route sets the cookie).
 */
export async function providerLogout(
  ctx: Ctx,
  ended: { ssoProvider: SsoProvider | null; sessionId: number | null },
): Promise<{ result: LogoutResult; freshSignInNext: boolean }> {
  const { ssoProvider: provider, sessionId } = ended;
  // every sign-out clears the sign-out handles of sessions that have ended meanwhile (revoked, expired)
  await deleteEndedSsoSessions(ctx.db, ctx.clock());
  if (!provider || sessionId === null) return { result: { urls: [] }, freshSignInNext: false };
  let redirect: string | null = null;
  try {
    redirect =
      provider === 'oidc' ? await oidcLogoutUrl(ctx, sessionId) : await samlLogoutUrl(ctx, sessionId);
  } catch (err) {
    // signing out of Aula never fails for the provider's sake
    ctx.log.warn({ err }, 'provider logout not available');
  }
  const targetId = ctx.user?.id ?? null;
  if (redirect) {
    await audit(ctx, 'sso.logout', {
      targetId,
      details: { provider, via: provider === 'oidc' ? 'end_session' : 'single_logout' },
    });
    return { result: { urls: [], redirect }, freshSignInNext: true };
  }
  // no sign-out at the provider: the session's handle is of no further use
  await deleteSsoSessionOf(ctx.db, ctx.schoolId, sessionId);
  await audit(ctx, 'sso.logout', { targetId, details: { provider, via: 'fresh_sign_in_next' } });
  return { result: { urls: [], providerSignedIn: true }, freshSignInNext: true };
}
