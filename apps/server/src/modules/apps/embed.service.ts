import type { IncomingHttpHeaders } from 'node:http';
import { EMBED_CHECK_TIMEOUT_MS, type EmbedCheck } from '@aula/contracts';
import { fetchHeaders, SafeFetchError } from '../../lib/safe-fetch.ts';

const MAX_REDIRECTS = 3;

function headerValues(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

function defaultPort(protocol: string): string {
  return protocol === 'https:' ? '443' : '80';
}

/** Whether one frame-ancestors source expression admits the portal's origin (CSP 3 matching, simplified). */
function sourceAllows(source: string, portal: URL, site: URL): boolean {
  const s = source.toLowerCase();
  if (s === '*') return true;
  if (s === "'self'") return site.origin === portal.origin;
  if (s.startsWith("'")) return false; // 'none', and keywords that never name an ancestor
  // a scheme matches itself, and http: admits https: too (CSP's upgrade rule)
  const schemeMatches = (scheme: string) =>
    `${scheme}:` === portal.protocol || (scheme === 'http' && portal.protocol === 'https:');
  const schemeOnly = /^([a-z][a-z0-9+.-]*):$/.exec(s);
  if (schemeOnly) return schemeMatches(schemeOnly[1]!);
  const m = /^(?:([a-z][a-z0-9+.-]*):\/\/)?(\*|\*\.[^:/]+|[^:/*]+)(?::(\*|\d+))?(?:\/.*)?$/.exec(s);
  if (!m) return false;
  const [, scheme, host, port] = m;
  // without a scheme, the framed site's own scheme applies
  if (!schemeMatches(scheme ?? site.protocol.slice(0, -1))) return false;
  const portalHost = portal.hostname.toLowerCase();
  const hostMatches =
    host === '*' || (host!.startsWith('*.') ? portalHost.endsWith(host!.slice(1)) : host === portalHost);
  if (!hostMatches) return false;
  if (port === '*') return true;
  return port ? port === (portal.port || defaultPort(portal.protocol)) : portal.port === '';
}

/**
 * Whether the site lets the portal frame it, from its answer's headers. CSP frame-ancestors decides when
 * present (browsers then ignore X-Frame-Options); otherwise any X-Frame-Options refuses, since its only
 * allowing form, ALLOW-FROM, is no longer supported by browsers.
 */
export function frameCheckFromHeaders(
  headers: IncomingHttpHeaders,
  portalOrigin: string,
  siteUrl: string,
): EmbedCheck {
  const portal = new URL(portalOrigin);
  const site = new URL(siteUrl);
  // several CSP headers, or one with comma-separated policies, are all enforced
  const policies = headerValues(headers['content-security-policy']).flatMap((h) => h.split(','));
  const ancestors = policies
    .map((policy) =>
      policy
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .find(([name]) => name?.toLowerCase() === 'frame-ancestors'),
    )
    .filter((directive): directive is string[] => directive !== undefined);
  if (ancestors.length > 0) {
    const allowed = ancestors.every(([, ...sources]) =>
      sources.some((src) => sourceAllows(src, portal, site)),
    );
    return allowed ? { embeddable: true, reason: null } : { embeddable: false, reason: 'frame-ancestors' };
  }
  if (headerValues(headers['x-frame-options']).some((v) => v.trim() !== ''))
    return { embeddable: false, reason: 'x-frame-options' };
  return { embeddable: true, reason: null };
}

/**
 * The embed check of an iframe tile (decision 023): one GET through the SSRF guard, headers only.
 * Never throws: a refused, unreachable or slow site is "unknown" (embeddable null) with the reason.
 */
export async function checkEmbeddable(
  url: string,
  ctx: { portalOrigin: string; allowedHosts: readonly string[] },
): Promise<EmbedCheck> {
  try {
    const res = await fetchHeaders(url, {
      allowedHosts: ctx.allowedHosts,
      timeoutMs: EMBED_CHECK_TIMEOUT_MS,
      maxRedirects: MAX_REDIRECTS,
      headers: { 'user-agent': 'Aula embed check', accept: 'text/html,*/*;q=0.8' },
    });
    return frameCheckFromHeaders(res.headers, ctx.portalOrigin, res.url);
  } catch (err) {
    if (err instanceof SafeFetchError) {
      if (err.reason === 'blocked-address') return { embeddable: null, reason: 'blocked-address' };
      if (err.reason === 'timeout') return { embeddable: null, reason: 'timeout' };
    }
    return { embeddable: null, reason: 'unreachable' };
  }
}
