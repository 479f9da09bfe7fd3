import type { FastifyInstance } from 'fastify';

type Directives = [string, string[]][];

/**
 * SECURITY.md "Content": the Content-Security-Policy of every answer that is not a page (API answers, assets,
 * the service worker), in the order helmet wrote it. Tiles may embed any http(s) page in their sandboxed
 * iframe (frame-src); nobody may frame Aula (frame-ancestors).
 */
function directives(secure: boolean): Directives {
  return [
    ['default-src', ["'self'"]],
    ['base-uri', ["'none'"]],
    ['font-src', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
    ['img-src', ["'self'", 'data:', 'blob:']],
    ['object-src', ["'none'"]],
    ['script-src', ["'self'"]],
    ['script-src-attr', ["'none'"]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ...(secure ? ([['upgrade-insecure-requests', []]] as Directives) : []),
    ['connect-src', ["'self'"]],
    ['frame-src', ["'self'", 'https:', 'http:']],
  ];
}

const serialize = (list: Directives) => list.map(([name, values]) => [name, ...values].join(' ')).join(';');

function contentSecurityPolicy(secure: boolean): string {
  return serialize(directives(secure));
}

/** Where a page's nonce goes in its policy; never a valid nonce itself. */
const NONCE_SLOT = '\u0000';

/**
 * The Content-Security-Policy of a page (decision 080): a strict policy with this answer's nonce. Scripts run
 * only with the nonce (the module scripts and preloads the web build marks, the start page's data block), or
 * when a script that has it loads them ('strict-dynamic': the app's lazy chunks); an injected `<script>`, inline
 * or with a same-origin `src`, does not. `'self'` is only for browsers older than 'strict-dynamic', which
 * ignore it otherwise. Styles: the app's own stylesheets and `<style>` elements with the nonce, no
 * 'unsafe-inline' (React sets style props through the CSSOM, which no policy governs). The service worker
 * is allowed by name (worker-src), as 'strict-dynamic' would not. Computed once; each page only joins its nonce
 * in.
 */
export function pagePolicy(secure: boolean): (nonce: string) => string {
  const nonce = `'nonce-${NONCE_SLOT}'`;
  const list = directives(secure).map(([name, values]): [string, string[]] =>
    name === 'script-src'
      ? [name, [nonce, "'strict-dynamic'", "'self'"]]
      : name === 'style-src'
        ? [name, ["'self'", nonce]]
        : [name, values],
  );
  const parts = serialize([...list, ['worker-src', ["'self'"]], ['manifest-src', ["'self'"]]]).split(
    NONCE_SLOT,
  );
  return (value) => parts.join(value);
}

/**
 * The security headers of every response, computed once at start-up (issue 17: helmet rebuilt them, CSP
 * parsing included, on every request). Byte for byte what @fastify/helmet sent with the options app.ts gave
 * it before decision 046; security-headers.int.test.ts compares them with helmet's own output.
 */
export function securityHeaders(secure: boolean): Readonly<Record<string, string>> {
  return Object.freeze({
    'content-security-policy': contentSecurityPolicy(secure),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    ...(secure ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  });
}

/**
 * Sets the security headers first thing on every request, 404s and errors included, as helmet did: on the
 * raw response, so a route may still replace one (the sandboxing CSP of a served file).
 */
export function registerSecurityHeaders(app: FastifyInstance, opts: { secure: boolean }): void {
  const entries = Object.entries(securityHeaders(opts.secure));
  app.addHook('onRequest', (_req, reply, done) => {
    const res = reply.raw;
    for (const [name, value] of entries) res.setHeader(name, value);
    done();
  });
}
