import type { FastifyInstance } from 'fastify';

/**
 * SECURITY.md "Content": the Content-Security-Policy, in the order helmet wrote it. Tiles may embed any
 * http(s) page in their sandboxed iframe (frame-src); nobody may frame Aula (frame-ancestors).
 */
function contentSecurityPolicy(secure: boolean): string {
  const directives: [string, string[]][] = [
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
    ...(secure ? ([['upgrade-insecure-requests', []]] as [string, string[]][]) : []),
    ['connect-src', ["'self'"]],
    ['frame-src', ["'self'", 'https:', 'http:']],
  ];
  return directives.map(([name, values]) => [name, ...values].join(' ')).join(';');
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
