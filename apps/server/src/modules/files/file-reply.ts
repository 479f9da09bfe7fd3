// The way out of the file store (decision 053): a stored file is answered with the type it was stored as,
// never one the browser guesses, and with a sandbox policy, so even a file that is not what it claims cannot
// run script on the portal's origin. Who may read the file is decided before, by the module that refers to it.
import type { FastifyReply } from 'fastify';

const SANDBOX_CSP = "default-src 'none'; sandbox";

/**
 * `inline` for images the portal shows itself (names we chose, plain ASCII), `attachment` for downloads,
 * whose uploaded name is percent-encoded (RFC 8187) so no character of it can break the header.
 */
export function contentDisposition(disposition: 'inline' | 'attachment', name: string): string {
  if (disposition === 'attachment') return `attachment; filename*=UTF-8''${encodeURIComponent(name)}`;
  return `inline; filename="${name.replace(/[^A-Za-z0-9._-]/g, '_')}"`;
}

/** Sends a stored file with Content-Type, X-Content-Type-Options: nosniff, Content-Disposition and the sandbox. */
export function sendFile(
  reply: FastifyReply,
  file: { mime: string; data: Buffer },
  opts: { disposition: 'inline' | 'attachment'; name: string },
) {
  return reply
    .type(file.mime)
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', contentDisposition(opts.disposition, opts.name))
    .header('content-security-policy', SANDBOX_CSP)
    .send(file.data);
}
