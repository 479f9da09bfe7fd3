import { randomBytes } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  BOOT_DATA_ID,
  CSP_NONCE_PLACEHOLDER,
  ERROR_MESSAGES,
  CONFIG_KEYS,
  CSRF_HEADER,
  LOCALES,
  LANGUAGE_COOKIE,
  type BootData,
  type Locale,
} from '@aula/contracts';
import { pagePolicy } from './security-headers.ts';

/** The web build's start-up strings chunks by language (written by the web build, decision 051). */
export const START_ASSETS_FILE = 'start-assets.json';

interface StartAssets {
  strings: Partial<Record<Locale, string>>;
}

/** A file read again only when it changed on disk: a new release replaces index.html under a running server. */
function fileCache<T>(path: string, parse: (text: string) => T, fallback: T): () => T {
  let cached: { mtimeMs: number; size: number; value: T } | undefined;
  return () => {
    let stat;
    try {
      stat = statSync(path);
    } catch {
      return fallback;
    }
    if (cached?.mtimeMs !== stat.mtimeMs || cached.size !== stat.size) {
      try {
        cached = { mtimeMs: stat.mtimeMs, size: stat.size, value: parse(readFileSync(path, 'utf8')) };
      } catch {
        return fallback; // half written during a deploy: read again next time
      }
    }
    return cached.value;
  };
}

/**
 * The language the web app will pick (apps/web/src/lib/i18n.ts): the one chosen in this browser (mirrored in a
 * cookie), else the first of the browser's languages Aula has, else German.
 */
export function expectedLocale(req: FastifyRequest): Locale {
  const isLocale = (code: string | undefined): code is Locale => LOCALES.includes(code as Locale);
  const chosen = req.cookies[LANGUAGE_COOKIE];
  if (isLocale(chosen)) return chosen;
  for (const part of (req.headers['accept-language'] ?? '').split(',')) {
    const [tag = '', ...params] = part.trim().split(';');
    if (params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p))) continue;
    const code = tag.toLowerCase().split('-')[0];
    if (isLocale(code)) return code;
  }
  return 'de';
}

/** JSON inside <script type="application/json">: no "<" can close the element or open a comment. */
export function dataBlockJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * The start page (decision 051): index.html with what the first screen would ask the API for as a JSON data
 * block (the user info, the config and, on the home page, its layout), and a preload of the expected
 * language's start-up strings, so the tiles show with no API round trip after the code. The answers come
 * from the real routes (`inject`, with this request's cookies, host and address): the same guard, session
 * check and forced steps. An answer that is not a plain success is left out and the app asks for it itself
 * (a 401 with session cookies may be a session to refresh). It is per user, so it is never stored by a cache.
 * `/index.html` is the same page without data, which the service worker keeps for offline use. Each answer
 * has its own nonce in its scripts and its Content-Security-Policy (decision 080).
 */
export function createStartPage(app: FastifyInstance, webDist: string) {
  // index.html cut where the build wrote the nonce placeholder (decision 080)
  const template = fileCache(join(webDist, 'index.html'), (text) => text.split(CSP_NONCE_PLACEHOLDER), ['']);
  const policy = pagePolicy(app.secureCookies);

  /**
   * index.html with a fresh nonce (16 random bytes) in place of the build's placeholder, and the policy that
   * admits it: put in before any data, so no text of a user can carry it.
   */
  function withNonce(): { html: string; nonce: string; csp: string } {
    const nonce = randomBytes(16).toString('base64');
    return { html: template().join(nonce), nonce, csp: policy(nonce) };
  }
  const assets = fileCache<StartAssets>(
    join(webDist, START_ASSETS_FILE),
    (text) => JSON.parse(text) as StartAssets,
    { strings: {} },
  );

  async function answer(req: FastifyRequest, method: 'GET' | 'POST', url: string, body?: unknown) {
    const headers: Record<string, string> = {};
    for (const name of [
      'cookie',
      'host',
      'user-agent',
      'x-forwarded-for',
      'x-forwarded-proto',
      'x-forwarded-host',
    ]) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    // only reads are ever asked here: the config keys' POST carries the list of keys and changes nothing
    if (method === 'POST') headers[CSRF_HEADER] = '1';
    try {
      const res = await app.inject({
        method,
        url,
        headers,
        remoteAddress: req.socket.remoteAddress,
        payload: body as never,
      });
      return res.statusCode === 200 ? (res.json() as unknown) : undefined;
    } catch (err) {
      // the page still goes out; the app asks for what is missing and shows the failure itself
      req.log.warn({ err }, 'start page: an answer could not be added');
      return undefined;
    }
  }

  /**
   * `/index.html`, the page the service worker keeps and serves for every page later, offline too: no data,
   * but its own nonce as any page. The kept copy keeps its header with it, so nonce and policy always match.
   */
  function sendShell(reply: FastifyReply) {
    const { html, csp } = withNonce();
    if (!html.includes('</body>')) return unavailable(reply);
    return reply
      .header('cache-control', 'no-cache')
      .header('content-security-policy', csp)
      .type('text/html; charset=utf-8')
      .send(html);
  }

  function unavailable(reply: FastifyReply) {
    return reply
      .code(503)
      .header('retry-after', '5')
      .send({ code: 'common.unavailable', message: ERROR_MESSAGES['common.unavailable'] });
  }

  async function sendStartPage(req: FastifyRequest, reply: FastifyReply, path: string) {
    const { html, nonce, csp } = withNonce();
    const head = html.indexOf('</head>');
    const body = html.lastIndexOf('</body>');
    if (head < 0 || body < head) return unavailable(reply);
    const hasSession =
      req.cookies[app.cookieNames.access] !== undefined || req.cookies[app.cookieNames.refresh] !== undefined;
    const home = path === '/';
    // a visitor (no session cookies) has no permissions nor messages to ask for
    const [self, config, layout, perms, banner, adminMessages] = await Promise.all([
      answer(req, 'GET', '/api/self'),
      answer(req, 'POST', '/api/config/key', CONFIG_KEYS),
      home ? answer(req, 'GET', '/api/layout') : undefined,
      hasSession ? answer(req, 'GET', '/api/perms') : undefined,
      home ? answer(req, 'GET', '/api/config/banner') : undefined,
      home && hasSession ? answer(req, 'GET', '/api/messages/admin') : undefined,
    ]);
    // whose page this is: the user, a visitor for certain (no session cookies), or unknown (an access token
    // to refresh: the app asks itself). A layout is carried only when it is known whose: otherwise the public
    // layout the route answered is the visitors', not theirs.
    const who = self !== undefined ? (self as BootData['self']) : hasSession ? undefined : null;
    const boot: BootData = {
      ...(who !== undefined && { self: who }),
      ...(config !== undefined && { config: config as BootData['config'] }),
      ...(layout !== undefined && who !== undefined && { layout: layout as BootData['layout'] }),
      // a user's own answers, carried only beside that user's info (the access token may run out between)
      ...(perms !== undefined && who && { perms: perms as BootData['perms'] }),
      ...(adminMessages !== undefined &&
        who && { adminMessages: adminMessages as BootData['adminMessages'] }),
      ...(banner !== undefined && { banner: banner as BootData['banner'] }),
    };
    const strings = assets().strings[expectedLocale(req)];
    // spliced, not String.replace: a "$&" or "$`" in someone's text must stay as written
    const preload = strings
      ? `<link rel="modulepreload" crossorigin href="${strings}" nonce="${nonce}">\n`
      : '';
    // a data block is never run; it carries the nonce all the same, as every script element of the page
    const block = `<script type="application/json" id="${BOOT_DATA_ID}" nonce="${nonce}">${dataBlockJson(boot)}</script>\n`;
    const page = html.slice(0, head) + preload + html.slice(head, body) + block + html.slice(body);
    return reply
      .header('cache-control', 'no-store')
      .header('content-security-policy', csp)
      .type('text/html; charset=utf-8')
      .send(page);
  }

  return { sendStartPage, sendShell };
}
