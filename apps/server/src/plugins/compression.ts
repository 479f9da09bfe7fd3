import type { FastifyInstance, FastifyReply } from 'fastify';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Answers up to this size go out as they are: compressing them saves less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;
// Fast levels (decision 046): brotli 4 is about as small as gzip 9 at the speed of gzip 5.
export const BROTLI_QUALITY = 4;
export const GZIP_LEVEL = 5;

// JSON and text only: images, downloads and archives are compressed already or streamed.
const COMPRESSIBLE = /^(?:application\/(?:[\w.-]+\+)?json|text\/)/i;

type Encoding = 'br' | 'gzip' | null;

/** The encoding an Accept-Encoding header allows, brotli first; a q of 0 refuses ("br;q=0"). */
export function negotiateEncoding(header: string): Encoding {
  // undefined: not named, so "*" decides
  let br: boolean | undefined;
  let gzip: boolean | undefined;
  let star = false;
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim());
    const q = params.find((p) => p.startsWith('q='));
    const accepted = q === undefined || Number(q.slice(2)) > 0;
    if (name === 'br') br = accepted;
    else if (name === 'gzip' || name === 'x-gzip') gzip = accepted;
    else if (name === '*') star = accepted;
  }
  if (br ?? star) return 'br';
  if (gzip ?? star) return 'gzip';
  return null;
}

function addVary(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  if (vary === undefined) reply.header('vary', 'accept-encoding');
  else if (!/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(String(vary)))
    reply.header('vary', `${String(vary)}, accept-encoding`);
}

/**
 * Compresses JSON and text answers over COMPRESS_MIN_BYTES (issue 17) when the client accepts brotli or
 * gzip: at a fast level, in this thread, in one call. Streams (static files, which are precompressed at
 * build time, and downloads) and answers already encoded pass untouched, and so do 204 and 304.
 */
export function registerCompression(app: FastifyInstance): void {
  // the same few Accept-Encoding headers come again and again
  const negotiated = new Map<string, Encoding>();
  app.addHook('onSend', (req, reply, payload, done) => {
    const status = reply.statusCode;
    if (
      status < 200 ||
      status === 204 ||
      status === 304 ||
      (typeof payload !== 'string' && !Buffer.isBuffer(payload)) ||
      payload.length <= COMPRESS_MIN_BYTES ||
      reply.hasHeader('content-encoding') ||
      !COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))
    )
      return done(null, payload);
    addVary(reply);
    const header = req.headers['accept-encoding'];
    if (!header) return done(null, payload);
    let encoding = negotiated.get(header);
    if (encoding === undefined) {
      encoding = negotiateEncoding(header);
      if (negotiated.size > 100) negotiated.clear();
      negotiated.set(header, encoding);
    }
    if (!encoding) return done(null, payload);
    const compressed =
      encoding === 'br'
        ? brotliCompressSync(payload, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: payload.length,
            },
          })
        : gzipSync(payload, { level: GZIP_LEVEL });
    // an API ETag (the layout's) names the version of the data, not the bytes: answers are no-store, so no
    // cache keeps one encoding's body under it, and the client sends it back as it came
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    done(null, compressed);
  });
}
