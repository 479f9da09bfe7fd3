import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LogoutResult } from '@aula/contracts';
import { audit } from '../audit/audit.service.ts';
import { oidcLogoutUrl } from './oidc.service.ts';
import { samlLogoutUrl } from './saml.service.ts';
import { deleteEndedSsoSessions, deleteSsoSessionOf, type SsoProvider } from './sso.repo.ts';
import { requireFreshSignIn } from './sso-common.ts';

// Signing out of the school's identity provider too (issue 16 item 10, decision 042). On a shared classroom
// computer the provider's own session would otherwise sign the next pupil in as the previous one. Where the
// provider offers a sign-out (OIDC end_session_endpoint, SAML SingleLogoutService), the browser goes there
// as a top-level navigation. Either way this browser's next "Sign in with …" forces a fresh authentication
// at the provider (a cookie, httpOnly and Lax, read when the next sign-in starts): the pupil may answer "no"
// on the provider's "sign out?" page, close the tab, or leave it unattended after an idle sign-out, and a
// LogoutResponse may never come back.

/**
 * After POST /api/logout ended a session that came from the provider: the provider's sign-out address for
 * the top window, or (none offered, provider unreachable) the promise of a fresh sign-in next time.
 */
export async function providerLogout(
  req: FastifyRequest,
  reply: FastifyReply,
  ended: { ssoProvider: SsoProvider | null; sessionId: number | null },
): Promise<LogoutResult> {
  const { ssoProvider: provider, sessionId } = ended;
  // every sign-out clears the sign-out handles of sessions that have ended meanwhile (revoked, expired)
  await deleteEndedSsoSessions(req.server.db, req.server.clock());
  if (!provider || sessionId === null) return { urls: [] };
  requireFreshSignIn(req, reply);
  let redirect: string | null = null;
  try {
    redirect =
      provider === 'oidc' ? await oidcLogoutUrl(req, sessionId) : await samlLogoutUrl(req, sessionId);
  } catch (err) {
    // signing out of Aula never fails for the provider's sake
    req.log.warn({ err }, 'provider logout not available');
  }
  const targetId = req.user?.id ?? null;
  if (redirect) {
    await audit(req, 'sso.logout', {
      targetId,
      details: { provider, via: provider === 'oidc' ? 'end_session' : 'single_logout' },
    });
    return { urls: [], redirect };
  }
  // no sign-out at the provider: the session's handle is of no further use
  await deleteSsoSessionOf(req.server.db, req.schoolId, sessionId);
  await audit(req, 'sso.logout', { targetId, details: { provider, via: 'fresh_sign_in_next' } });
  return { urls: [], providerSignedIn: true };
}
