import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import {
  BOOT_DATA_ID,
  CONFIG_KEYS,
  CSP_NONCE_PLACEHOLDER,
  LANGUAGE_COOKIE,
  type BootData,
} from '@aula/contracts';
import { dataBlockJson, START_ASSETS_FILE } from './plugins/start-page.ts';
import { makeSetting } from './test/factories.ts';
import { call, loginAs, setUpTestApp } from './test/test-app.ts';

// Decision 051: the start page carries the answers of /api/self, /api/config/key and (on `/`) /api/layout
// as a JSON data block, and preloads the expected language's start-up strings.
// as the web build writes it: every script and stylesheet with the nonce placeholder (decision 080)
const N = CSP_NONCE_PLACEHOLDER;
const INDEX = `<!doctype html><html lang="de"><head><meta property="csp-nonce" nonce="${N}"><script type="module" crossorigin src="/assets/start-abc.js" nonce="${N}"></script><link rel="stylesheet" crossorigin href="/assets/start-abc.css" nonce="${N}"></head><body><div id="root"></div></body></html>`;
const STRINGS = {
  de: '/assets/de.json_startup_lang-d1.js',
  en: '/assets/en.json_startup_lang-e1.js',
  fa: '/assets/fa.json_startup_lang-f1.js',
  ar: '/assets/ar.json_startup_lang-a1.js',
};

let dist: string;
let student: string;

const t = setUpTestApp(() => {
  dist = mkdtempSync(join(tmpdir(), 'aula-start-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, START_ASSETS_FILE), JSON.stringify({ strings: STRINGS }));
  return { webDist: dist };
});
beforeAll(async () => {
  student = await loginAs(t.base, 'student');
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

/** The page and its data block as a browser gets them. */
async function startPage(path: string, headers: Record<string, string> = {}) {
  const res = await call(t.base, path, { headers });
  const html = res.text;
  const block = new RegExp(
    `<script type="application/json" id="${BOOT_DATA_ID}" nonce="[^"]+">(.*?)</script>`,
    's',
  ).exec(html);
  const preload = /<link rel="modulepreload" crossorigin href="([^"]+)" nonce="[^"]+">/.exec(html)?.[1];
  return { res, html, boot: block ? (JSON.parse(block[1]!) as BootData) : undefined, preload };
}

const configAnswer = async (cookie?: string) =>
  (await call(t.base, '/api/config/key', { body: CONFIG_KEYS, cookie })).body as unknown;

const setConfig = (key: string, value: string) => makeSetting(t, key, value);

describe('the start page carries what the first screen would ask the API for', () => {
  it('a visitor on / gets "no user", the config and the visitor layout, exactly as the API answers them', async () => {
    const { res, html, boot } = await startPage('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    // it is answered per user: no cache may keep it
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(boot?.self).toBeNull();
    expect(boot?.config).toEqual(await configAnswer());
    expect(boot?.layout).toEqual((await call(t.base, '/api/layout')).body);
  });

  it("a signed-in student's page carries her user info and her layout, and only hers", async () => {
    const { boot } = await startPage('/', { cookie: student });
    expect(boot?.self).toEqual((await call(t.base, '/api/self', { cookie: student })).body);
    expect(boot?.self?.username).toBe('student');
    expect(boot?.layout).toEqual((await call(t.base, '/api/layout', { cookie: student })).body);
    expect(boot?.layout?.layoutType).not.toBe('logged-out');
    expect(boot?.config).toEqual(await configAnswer(student));
  });

  it("the rest of the first screen rides along (issue 34): a user's permissions, a home page's banner and the user's unseen messages, as the API answers them", async () => {
    const admin = await loginAs(t.base, 'admin');
    const posted = await call(t.base, '/api/messages/admin', {
      cookie: admin,
      body: { type: 'normal', title: { de: 'Wandertag' }, body: { de: 'Am Freitag' } },
    });
    expect(posted.status).toBe(201);
    const { boot } = await startPage('/', { cookie: student });
    expect(boot?.perms).toEqual((await call(t.base, '/api/perms', { cookie: student })).body);
    expect(boot?.banner).toEqual((await call(t.base, '/api/config/banner')).body);
    const unseen = (await call(t.base, '/api/messages/admin', { cookie: student })).body as {
      title: unknown;
    }[];
    expect(unseen.map((m) => m.title)).toContainEqual({ de: 'Wandertag' });
    expect(boot?.adminMessages).toEqual(unseen);
    // another page needs the permissions (the top bar), not the home page's banner or messages
    const other = (await startPage('/login', { cookie: student })).boot;
    expect(other?.perms).toEqual(boot?.perms);
    expect(other && ('banner' in other || 'adminMessages' in other)).toBe(false);
  });

  it('a visitor carries the banner but no permissions or messages, and cookies of no live session carry none of theirs', async () => {
    const visitor = (await startPage('/')).boot;
    expect(visitor?.banner).toEqual((await call(t.base, '/api/config/banner')).body);
    expect(visitor && ('perms' in visitor || 'adminMessages' in visitor)).toBe(false);
    // canary: the answers of someone the page cannot name are never carried
    const { boot } = await startPage('/', { cookie: 'aula_at=not-a-session; aula_rt=not-either' });
    expect(boot && ('perms' in boot || 'adminMessages' in boot)).toBe(false);
  });

  it('other pages carry the user info and the config, not the home layout', async () => {
    for (const path of ['/login', '/dashboard/messages', '/app/chat']) {
      const { res, boot } = await startPage(path, { cookie: student });
      expect(res.status, path).toBe(200);
      expect(boot?.self?.username, path).toBe('student');
      expect(boot?.config, path).toBeDefined();
      expect(boot && 'layout' in boot, path).toBe(false);
    }
  });

  it('session cookies that do not name a live session leave the user and the layout out: the app asks (and may refresh) itself', async () => {
    // an access token past its 15 minutes beside a live refresh token: the visitor's layout is not theirs
    const refreshOnly = student.replace(/aula_at=[^;]*/, 'aula_at=expired');
    for (const cookie of ['aula_at=not-a-session; aula_rt=not-either', refreshOnly]) {
      const { boot } = await startPage('/', { cookie });
      expect(boot && 'self' in boot, cookie).toBe(false);
      expect(boot && 'layout' in boot, cookie).toBe(false);
      expect(boot?.config).toBeDefined();
    }
    expect((await call(t.base, '/api/layout', { cookie: refreshOnly })).body).toMatchObject({
      layoutType: 'logged-out',
    });
  });

  it('a user held at a forced step gets her user info but no layout (the layout answers 403 until the step)', async () => {
    await setConfig('force_2fa_teachers', 'true');
    try {
      const teacher = await loginAs(t.base, 'teacher');
      expect((await call(t.base, '/api/layout', { cookie: teacher })).status).toBe(403);
      const { boot } = await startPage('/', { cookie: teacher });
      expect(boot?.self?.username).toBe('teacher');
      expect(boot && 'layout' in boot).toBe(false);
    } finally {
      await setConfig('force_2fa_teachers', 'false');
    }
  });

  it('text an admin wrote cannot end the data block or open a comment (canary: </script> in the login message)', async () => {
    // "$&", "$`" and "$$" would be read as replacement patterns by String.replace
    const hostile = "</script><script>alert(1)</script><!-- x $` $& $$ $' y";
    await setConfig('login_msg', hostile);
    try {
      const { html, boot } = await startPage('/login');
      expect(boot?.config?.login_msg).toBe(hostile);
      expect(html).not.toContain('<script>alert(1)');
      expect(html.match(/<\/script>/g)).toHaveLength(2); // the module script's and the data block's own
      expect(html.match(/<div id="root">/g)).toHaveLength(1);
      expect(dataBlockJson({ a: '</script>' })).toBe('{"a":"\\u003c/script>"}');
    } finally {
      await setConfig('login_msg', '');
    }
  });

  it('goes out brotli-compressed when accepted; /index.html stays the plain file the service worker keeps', async () => {
    const compressed = await new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
      const req = request(t.base + '/', { headers: { 'accept-encoding': 'br' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }),
        );
      });
      req.on('error', reject);
      req.end();
    });
    expect(compressed.encoding).toBe('br');
    expect(brotliDecompressSync(compressed.body).toString()).toContain(BOOT_DATA_ID);
    const plain = await call(t.base, '/index.html');
    expect(plain.text).toBe(INDEX.replaceAll(N, nonceOf(plain.headers)!));
    expect(plain.headers.get('cache-control')).toBe('no-cache');
    // a missing asset is still a 404, never the page
    expect((await call(t.base, '/assets/missing-abc.js')).status).toBe(404);
  });
});

/** The nonce of a page's policy, and the policy's directives by name. */
function nonceOf(headers: Headers): string | undefined {
  return /'nonce-([^']+)'/.exec(headers.get('content-security-policy') ?? '')?.[1];
}
function directivesOf(headers: Headers): Map<string, string[]> {
  const csp = headers.get('content-security-policy') ?? '';
  return new Map(
    csp.split(';').map((d) => {
      const [name = '', ...values] = d.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

describe('every page has a Content-Security-Policy with a nonce of its own (decision 080)', () => {
  it('two answers of the same page carry different nonces, each in its header and on all its script elements', async () => {
    const seen = new Set<string>();
    for (const path of ['/', '/', '/login', '/index.html', '/index.html']) {
      const res = await call(t.base, path, { cookie: student });
      expect(res.status, path).toBe(200);
      const nonce = nonceOf(res.headers);
      expect(nonce, path).toMatch(/^[A-Za-z0-9+/]{22}==$/); // 16 random bytes
      expect(seen.has(nonce!), `${path}: a nonce used before`).toBe(false);
      seen.add(nonce!);
      const html = res.text;
      expect(html, path).not.toContain(N);
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length, path).toBeGreaterThanOrEqual(path === '/index.html' ? 1 : 2);
      for (const tag of [...scripts, ...(html.match(/<link\b[^>]*>/g) ?? [])])
        expect(tag, path).toContain(` nonce="${nonce}"`);
    }
  });

  it("scripts run only with the page's nonce: no 'unsafe-inline', strict-dynamic, no plugins, no <base>, no framing", async () => {
    for (const path of ['/', '/app/chat', '/index.html']) {
      const res = await call(t.base, path);
      const d = directivesOf(res.headers);
      const nonce = nonceOf(res.headers)!;
      expect(d.get('script-src'), path).toEqual([`'nonce-${nonce}'`, "'strict-dynamic'", "'self'"]);
      expect(d.get('script-src-attr'), path).toEqual(["'none'"]);
      expect(d.get('style-src'), path).toEqual(["'self'", `'nonce-${nonce}'`]);
      expect(res.headers.get('content-security-policy'), path).not.toContain('unsafe-inline');
      expect(res.headers.get('content-security-policy'), path).not.toContain('unsafe-eval');
      expect(d.get('object-src'), path).toEqual(["'none'"]);
      expect(d.get('base-uri'), path).toEqual(["'none'"]);
      expect(d.get('frame-ancestors'), path).toEqual(["'none'"]);
      expect(d.get('worker-src'), path).toEqual(["'self'"]);
    }
    // everything else keeps the policy computed once at start-up: no nonce, nothing runs inline
    for (const path of ['/api/health', '/api/nope', '/assets/missing-abc.js']) {
      const res = await call(t.base, path);
      expect(nonceOf(res.headers), path).toBeUndefined();
      expect(directivesOf(res.headers).get('script-src'), path).toEqual(["'self'"]);
    }
  });

  it('the nonce goes where the build put it, never into what someone wrote (canary: the placeholder in the login message)', async () => {
    const hostile = `<script nonce="${N}">alert(1)</script> ${N}`;
    await setConfig('login_msg', hostile);
    try {
      const { res, html, boot } = await startPage('/login');
      const nonce = nonceOf(res.headers)!;
      expect(boot?.config?.login_msg).toBe(hostile);
      expect(html.split(nonce)).toHaveLength(
        // the meta element, the module script, the stylesheet, the preload and the data block
        6,
      );
    } finally {
      await setConfig('login_msg', '');
    }
  });
});

describe('a release being written does not take the pages down', () => {
  it('a half-written start-assets.json: the page goes out without the preload', async () => {
    writeFileSync(join(dist, START_ASSETS_FILE), '{"strings": {"de": "/assets/de');
    try {
      const { res, boot, preload } = await startPage('/login');
      expect(res.status).toBe(200);
      expect(boot?.config).toBeDefined();
      expect(preload).toBeUndefined();
    } finally {
      writeFileSync(join(dist, START_ASSETS_FILE), JSON.stringify({ strings: STRINGS }));
    }
    expect((await startPage('/login')).preload).toBe(STRINGS.de);
  });

  it('an index.html without its end: 503 with Retry-After, never a broken page', async () => {
    writeFileSync(join(dist, 'index.html'), INDEX.slice(0, 40));
    try {
      const res = await call(t.base, '/login');
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(res.body).toMatchObject({ code: 'common.unavailable' });
    } finally {
      writeFileSync(join(dist, 'index.html'), INDEX);
    }
    expect((await call(t.base, '/login')).status).toBe(200);
  });

  it('HEAD of a page answers like GET, without a body', async () => {
    const res = await fetch(t.base + '/', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await res.text()).toBe('');
  });
});

describe("the expected language's start-up strings are preloaded", () => {
  const cases: [string, Record<string, string>, keyof typeof STRINGS][] = [
    ['no language named: German', {}, 'de'],
    ['the browser asks for English', { 'accept-language': 'en-GB,en;q=0.9' }, 'en'],
    ['the first language Aula has wins', { 'accept-language': 'fr-FR, fa;q=0.8, en;q=0.5' }, 'fa'],
    ['a language refused with q=0 is skipped', { 'accept-language': 'en;q=0, ar' }, 'ar'],
    [
      'a choice made in this browser wins',
      { 'accept-language': 'en', cookie: `${LANGUAGE_COOKIE}=ar` },
      'ar',
    ],
    ['an unknown choice is ignored', { 'accept-language': 'en', cookie: `${LANGUAGE_COOKIE}=xx` }, 'en'],
  ];
  for (const [name, headers, locale] of cases) {
    it(name, async () => {
      expect((await startPage('/login', headers)).preload).toBe(STRINGS[locale]);
    });
  }
});
