import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PRODUCT_NAME, type SchoolIdentity } from '@aula/contracts';

export const MANIFEST_PATH = '/manifest.webmanifest';
/** Longer names are cut on a home screen; the product name stands in (decision 059). */
export const MAX_SHORT_NAME = 12;

/**
 * The installed app's name is the school's (issue 19 item 5, decision 059): the built manifest with `name` and
 * `short_name` from GET /api/config/school (through `inject`, so the school is resolved from the host as for
 * any API call). It answers before the static files; the service worker never caches the manifest, so a
 * renamed school shows at the browser's next manifest check.
 */
export function registerWebManifest(app: FastifyInstance, webDist: string): void {
  const file = join(webDist, 'manifest.webmanifest');
  let cached: { mtimeMs: number; manifest: Record<string, unknown> } | undefined;
  const builtManifest = () => {
    const stat = statSync(file, { throwIfNoEntry: false });
    if (!stat) return undefined;
    if (cached?.mtimeMs !== stat.mtimeMs)
      cached = {
        mtimeMs: stat.mtimeMs,
        manifest: JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>,
      };
    return cached.manifest;
  };

  // a callback hook that passes every other request on at once, without a promise (decision 093)
  app.addHook('onRequest', (req, reply, done) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.url.startsWith(MANIFEST_PATH)) return done();
    if (req.url.split('?')[0] !== MANIFEST_PATH) return done();
    const manifest = builtManifest();
    if (!manifest) return done();
    sendManifest(req, reply, manifest).catch(done);
  });

  async function sendManifest(req: FastifyRequest, reply: FastifyReply, manifest: Record<string, unknown>) {
    const headers: Record<string, string> = {};
    if (typeof req.headers.host === 'string') headers.host = req.headers.host;
    const res = await app.inject({ method: 'GET', url: '/api/config/school', headers });
    const name = res.statusCode === 200 ? (res.json() as SchoolIdentity).name.trim() : '';
    const body = name
      ? { ...manifest, name, short_name: name.length <= MAX_SHORT_NAME ? name : PRODUCT_NAME }
      : manifest;
    return reply
      .header('cache-control', 'no-cache')
      .type('application/manifest+json')
      .send(JSON.stringify(body));
  }
}
