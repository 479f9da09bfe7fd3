// The session cookies are HTTP: routes (and the error handler, for an ended session) set and clear them
// from what the sessions service answers; services never see a reply (STYLE.md, immich's auth controller).
import type { FastifyReply } from 'fastify';
import { LOGIN_DEVICE_TTL_MS } from '@aula/contracts';
import type { LoginGrant } from './login.service.ts';
import type { SessionCookies, SessionGrant } from './sessions.service.ts';

const options = (reply: FastifyReply) =>
  ({ httpOnly: true, sameSite: 'lax', secure: reply.server.secureCookies, path: '/' }) as const;

/** Sets the granted tokens; a browser session's cookies have no expiry (logout_on_browser_close). */
export function setSessionCookies(reply: FastifyReply, grant: SessionCookies) {
  const { cookieNames } = reply.server;
  const expires = grant.browserSession ? undefined : grant.tokens.refreshExpiresAt;
  reply.setCookie(cookieNames.access, grant.tokens.accessToken, { ...options(reply), expires });
  reply.setCookie(cookieNames.refresh, grant.tokens.refreshToken, { ...options(reply), expires });
}

export function clearSessionCookies(reply: FastifyReply): void {
  const { cookieNames } = reply.server;
  for (const name of [cookieNames.access, cookieNames.refresh]) reply.clearCookie(name, options(reply));
}

/** A route's answer for a started or resumed session: the cookies go with it, the result is the body. */
export function answerWithSession(reply: FastifyReply, grant: SessionGrant): SessionGrant['result'] {
  setSessionCookies(reply, grant);
  return grant.result;
}

/** A password sign-in also renews the browser's device cookie (decision 074), kept for a school year. */
export function answerWithLogin(reply: FastifyReply, grant: LoginGrant): SessionGrant['result'] {
  reply.setCookie(reply.server.cookieNames.device, grant.deviceCookie, {
    ...options(reply),
    maxAge: LOGIN_DEVICE_TTL_MS / 1000,
    expires: new Date(reply.server.clock().getTime() + LOGIN_DEVICE_TTL_MS),
  });
  return answerWithSession(reply, grant);
}
